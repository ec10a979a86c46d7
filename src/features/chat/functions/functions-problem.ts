import { useWorkbench } from './functions-context';

/**
 * Why Send must stay disabled because of the function definitions (the first problem, on its
 * line), or null. The page passes it to the composer: a request is never sent with invalid ones.
 */
export function useFunctionsProblem(): string | null {
  return useWorkbench().state.functionsProblem;
}
