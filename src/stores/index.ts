/** The settings store and the hooks every page uses to reach the active server. */
export { followSettingsFromOtherTabs, useSettingsStore, resetSettingsStore } from './settings-store';
export type { SettingsState } from './settings-types';
export type {
  Connection,
  ConnectionInput,
  ConnectionOrigin,
  LocalServiceBootstrap,
  ModelPage,
} from './slices/connection-slice';
export { LOCAL_SERVICE_NAME } from './slices/connection-slice';
export type {
  AudioParameters,
  ChatParameters,
  CodeParameters,
  PageParameters,
  ParameterPage,
  VisionParameters,
} from './slices/parameters-slice';
export type { ChatDefaults } from './slices/defaults-slice';
export type { FrameLayout, InspectorDock, SendKey, ThemePreference } from './slices/ui-slice';
export { FRAME_LIMITS } from './slices/ui-slice';
export {
  createActivityStore,
  type ActivityState,
  type ApiEndpoint,
  type RateLimitSighting,
} from './activity-store';
export { effectiveChatParameters } from './effective-parameters';
export { ApiEnvironmentProvider, useApiEnvironment, type ApiEnvironment } from './api-environment';
export { useApi, useApiClient, type ApiHandle } from './use-api-client';
export {
  localHealthQueryOptions,
  modelsQueryOptions,
  modelQueryOptions,
  serverQueryKey,
} from './model-queries';
export { selectActiveConnection } from './settings-selectors';
export {
  AppStoresProvider,
  createAppStores,
  useActivity,
  useAppStores,
  useAppWireLog,
  type AppStores,
} from './app-stores';
export { useSchemaChecker } from './use-schema-checker';
export { describeInvalidParameters, type ShownInvalid } from './describe-invalid-parameters';
