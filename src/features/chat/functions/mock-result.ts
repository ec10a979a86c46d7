import type { WorkbenchState } from './workbench-state';

/**
 * The canned result of function `name`, or undefined. Names come from the model's replies (a hostile
 * server may call `constructor`): only a result set for that name is one, never Object's members.
 */
export function mockResult(state: Pick<WorkbenchState, 'mocks'>, name: string): string | undefined {
  return Object.hasOwn(state.mocks, name) ? state.mocks[name] : undefined;
}
