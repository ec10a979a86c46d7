/**
 * Definitions met before the schema checker arrives (a saved conversation opened on the first page)
 * hold Send with "Checking…" and reach the conversation only once the checker has passed them.
 */
import { describe, expect, it, vi } from 'vitest';
import { FUNCTION_TEMPLATES } from '../../../src/lib/function-schema';
import { schemaCheckerState } from '../../../src/lib/function-schema/schema-checker';
import { newWorkbench } from '../../../src/features/chat/functions/workbench-state';
import { createWorkbenchesStore } from '../../../src/features/chat/functions/workbenches-store';
import { eventually } from '../../support/eventually';

const weather = FUNCTION_TEMPLATES[0]!.definition;

describe('a workbench opened before the schema checker', () => {
  it('holds Send while checking, then is checked again by itself when the checker arrives', async () => {
    const applied = vi.fn();
    const store = createWorkbenchesStore(applied);
    expect(schemaCheckerState().status).toBe('idle');
    store.getState().actions.open('c1', newWorkbench([weather]));
    const early = store.getState().workbenches.c1!;
    expect(early.check.definitions).toBeNull();
    expect(early.functionsProblem).toBe('Checking the function definitions against the schema…');

    await eventually(() => expect(store.getState().workbenches.c1!.functionsProblem).toBeNull());
    expect(store.getState().workbenches.c1!.check.definitions).toEqual([weather]);
    expect(applied).toHaveBeenCalledWith('c1', [weather]);
  });
});
