import type { StateCreator } from 'zustand';
import type {
  ChatCompletionRequest,
  CodeCompletionRequest,
  TranscriptionFormat,
  VisionRequest,
} from '../../protocol/wire';
import type { SettingsState, SettingsMutators } from '../settings-types';

/** Chat request fields the user sets once per page (the conversation itself lives elsewhere). */
export type ChatParameters = Partial<Omit<ChatCompletionRequest, 'messages' | 'functions'>>;
export type CodeParameters = Partial<Omit<CodeCompletionRequest, 'prompt'>>;
export type VisionParameters = Partial<Omit<VisionRequest, 'messages'>>;
export interface AudioParameters {
  model?: string;
  language?: string;
  response_format?: TranscriptionFormat;
  temperature?: number;
}

/**
 * Per-page request parameters. An unset parameter is ABSENT from its object (never a key holding
 * `undefined`), so spreading it into a request sends nothing and the UI shows "server default".
 */
export interface PageParameters {
  chat: ChatParameters;
  code: CodeParameters;
  vision: VisionParameters;
  audio: AudioParameters;
}

export type ParameterPage = keyof PageParameters;

export interface ParametersSlice {
  parameters: PageParameters;
  /** Sets one parameter; `undefined` removes it (back to the server default). */
  setParameter: <P extends ParameterPage, K extends keyof PageParameters[P] & string>(
    page: P,
    name: K,
    value: PageParameters[P][K] | undefined,
  ) => void;
  /** Removes every parameter of a page. */
  resetParameters: (page: ParameterPage) => void;
  /** Sets all of a page's parameters at once (opening a conversation restores its own). */
  replaceParameters: <P extends ParameterPage>(page: P, values: PageParameters[P]) => void;
}

export function emptyParameters(): PageParameters {
  return { chat: {}, code: {}, vision: {}, audio: {} };
}

export const createParametersSlice: StateCreator<SettingsState, SettingsMutators, [], ParametersSlice> = (
  set,
) => ({
  parameters: emptyParameters(),
  setParameter: (page, name, value) =>
    set((s) => {
      const next: Record<string, unknown> = { ...s.parameters[page] };
      if (value === undefined) delete next[name];
      else next[name] = value;
      return { parameters: { ...s.parameters, [page]: next } };
    }),
  resetParameters: (page) => set((s) => ({ parameters: { ...s.parameters, [page]: {} } })),
  replaceParameters: (page, values) =>
    set((s) => ({ parameters: { ...s.parameters, [page]: structuredClone(values) } })),
});
