/** Function calling: definitions editor, call card, results, mocks and auto-run. */
export { FunctionCallCard, type FunctionCallCardProps } from './function-call-card';
export { FunctionsSection } from './functions-section';
export { createWorkbenchesStore, type WorkbenchActions, type WorkbenchesStore } from './workbenches-store';
export {
  checkDefinitions,
  newWorkbench,
  type AutoRunStep,
  type CheckedDefinitions,
  type ResultRole,
  type WorkbenchState,
} from './workbench-state';
export { LiveFunctionCall } from './live-function-call';
export { LiveToolCalls } from './live-tool-calls';
export { explainRoleRejection, sendFunctionResult } from './send-function-result';
export { useFunctionsProblem, useWorkbench, type BoundWorkbench } from './use-workbench';
export { useAutoRunner } from './use-auto-runner';
export { ChatWireSection } from './chat-wire-section';
