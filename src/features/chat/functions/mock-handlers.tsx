import { INPUT_CLASS } from '../../../components/ui/field';
import { parseJson } from '../../../lib/function-schema';
import { AutoRunTimeline } from './auto-run-timeline';
import { useWorkbench } from './use-workbench';
import type { ResultRole } from './workbench-state';
import { mockResult } from './mock-result';

/** Canned results per function, the auto-run switch and step limit, and how results are sent. */
export function MockHandlers() {
  const { workbench, state } = useWorkbench();
  const names = state.check.definitions?.map((d) => d.name) ?? [];
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="font-semibold">Function results</legend>
      <label className="flex flex-col gap-0.5">
        Send results
        <select
          className={`${INPUT_CLASS} text-xs`}
          value={state.resultRole}
          onChange={(e) => workbench.setResultRole(e.target.value as ResultRole)}
        >
          <option value="function">
            as role &quot;function&quot; with name (legacy; the local service accepts it)
          </option>
          <option value="user">as a user message (for servers without a function role)</option>
        </select>
      </label>
      {names.map((name) => {
        const mock = mockResult(state, name) ?? '';
        const parsed = mock === '' ? null : parseJson(mock);
        return (
          <label key={name} className="flex flex-col gap-0.5">
            <span>
              Mock result of <code>{name}</code>
            </span>
            <textarea
              className={`${INPUT_CLASS} min-h-12 font-mono text-xs`}
              value={mock}
              placeholder='{"temperature": 21}'
              onChange={(e) => workbench.setMock(name, e.target.value)}
            />
            {parsed && !parsed.ok && !parsed.incomplete ? (
              <span className="text-amber-700 dark:text-amber-400">
                Not JSON (line {parsed.position.line}, column {parsed.position.column}: {parsed.message}); it
                will be sent as text.
              </span>
            ) : null}
          </label>
        );
      })}
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          checked={state.autoRun}
          onChange={(e) => workbench.setAutoRun(e.target.checked)}
        />
        Auto-run: answer calls from the mock results
      </label>
      <label className="flex items-center gap-1">
        at most
        <input
          type="number"
          min={1}
          max={20}
          aria-label="Auto-run step limit"
          className={`${INPUT_CLASS} w-14 text-xs`}
          value={state.maxSteps}
          onChange={(e) => workbench.setMaxSteps(Number(e.target.value) || 1)}
        />
        steps per user turn
      </label>
      {state.autoRunNote ? (
        <p role="status" className="text-amber-700 dark:text-amber-400">
          {state.autoRunNote}
        </p>
      ) : null}
      <AutoRunTimeline steps={state.timeline} />
    </fieldset>
  );
}
