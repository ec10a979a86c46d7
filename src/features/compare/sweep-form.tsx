import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { INPUT_CLASS } from '../../components/ui/field';
import { parseSweepValues, SWEEP_PARAMETERS, type SweepParameter } from '../../lib/compare/variants';

/** "Sweep": one variant per value of one parameter, made from the first variant. */
export function SweepForm({ onSweep }: { onSweep: (parameter: SweepParameter, values: number[]) => void }) {
  const [parameter, setParameter] = useState<SweepParameter>('temperature');
  const [text, setText] = useState('0, 0.7, 1.4');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSweepValues(text, parameter);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    onSweep(parameter, parsed.values);
  };
  return (
    <form aria-label="Sweep" onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col text-xs">
        Sweep parameter
        <select
          className={`${INPUT_CLASS} font-mono`}
          value={parameter}
          onChange={(e) => setParameter(e.target.value as SweepParameter)}
        >
          {SWEEP_PARAMETERS.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-xs">
        Values (a list, or a range such as 1..4)
        <input
          className={`${INPUT_CLASS} w-48 font-mono`}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <Button type="submit" size="sm">
        Make variants
      </Button>
      {error ? (
        <p id={errorId} role="alert" className="w-full text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}
