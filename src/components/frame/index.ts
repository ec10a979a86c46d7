/**
 * The frame of the working pages: list | work area | inspector, resizable, docked, remembered.
 * The splitter and the modal sheet load after the page (import their files directly if needed).
 */
export { WorkspaceFrame, type WorkspaceFrameProps } from './workspace-frame';
export { InspectorTabs, type InspectorTab } from './inspector-tabs';
