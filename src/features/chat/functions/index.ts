/** Function calling: definitions editor, call card, results, mocks and auto-run. */
export { FunctionCallCard, type FunctionCallCardProps } from './function-call-card';
export { FunctionsProvider, useFunctionsContext, useWorkbench, useWorkbenches } from './functions-context';
export { FunctionsSection } from './functions-section';
export {
  FunctionsWorkbench,
  type AutoRunStep,
  type ResultRole,
  type WorkbenchState,
} from './functions-workbench';
export { LiveFunctionCall } from './live-function-call';
export { explainRoleRejection, sendFunctionResult } from './send-function-result';
export { useFunctionsProblem } from './functions-problem';
export { ChatWireSection } from './chat-wire-section';
