import type { AutoRunStep } from './workbench-state';

/** Every auto-run step: the call, its arguments and the result sent back. */
export function AutoRunTimeline({ steps }: { steps: readonly AutoRunStep[] }) {
  if (steps.length === 0) return null;
  return (
    <ol aria-label="Auto-run timeline" className="flex flex-col gap-1 border-l-2 border-violet-400 pl-2">
      {steps.map((step, i) => (
        <li key={i} className="font-mono">
          <span className="font-sans font-semibold">Step {i + 1}</span>{' '}
          {new Date(step.at).toLocaleTimeString()}
          <div>
            call <strong>{step.name}</strong>({step.arguments})
          </div>
          <div className="text-zinc-600 dark:text-zinc-400">→ {step.result}</div>
        </li>
      ))}
    </ol>
  );
}
