import { useMemo, useState } from 'react';
import { INPUT_CLASS } from '../../components/ui/field';
import { describePairedTest } from '../../lib/experiments/stats';
import { compareVariants, summarizeVariants } from '../../lib/experiments/summary';
import type { RunView } from './run-view';

const pct = (v: number) => `${(v * 100).toFixed(v === 0 || v === 1 ? 0 : 1)}%`;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const ms = (v: number | null) => (v === null ? '–' : `${Math.round(v)} ms`);

/** Per variant: pass rate with its 95% Wilson interval, latency and TTFT p50/p95, tokens, repeats. */
export function VariantSummaries({ view }: { view: RunView }) {
  const { lines, cells, results, version, labels, repeats } = view;
  const summaries = useMemo(
    () =>
      summarizeVariants(
        labels.map((label) => ({ label })),
        cells,
        results,
      ),
    // `version` stands for the results' content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [labels, cells, results, version],
  );
  const [pair, setPair] = useState<[number, number]>([0, 1]);
  const a = Math.min(pair[0], summaries.length - 1);
  const b = Math.min(pair[1], summaries.length - 1);
  const paired = useMemo(
    () => (summaries.length > 1 && a !== b ? compareVariants(cells, results, a, b) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cells, results, version, a, b, summaries.length],
  );
  const rowName = useMemo(() => new Map(lines.map(({ row }) => [row.id, `row ${row.index + 1}`])), [lines]);
  const header = 'px-2 py-1 text-left font-medium';
  return (
    <section aria-label="Summary" className="flex flex-col gap-2">
      <h2 className="text-sm font-medium">Summary</h2>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-xs tabular-nums">
          <thead className="bg-zinc-100 dark:bg-zinc-800">
            <tr>
              <th scope="col" className={header}>
                Variant
              </th>
              <th scope="col" className={header}>
                Pass rate (95% CI)
              </th>
              <th scope="col" className={header}>
                Graded · errors · waiting
              </th>
              <th scope="col" className={header}>
                Latency p50 / p95
              </th>
              <th scope="col" className={header}>
                TTFT p50 / p95
              </th>
              <th scope="col" className={header}>
                Tokens (prompt + completion)
              </th>
              {repeats > 1 ? (
                <>
                  <th scope="col" className={header}>
                    pass^{repeats}
                  </th>
                  <th scope="col" className={header}>
                    Flipping rows
                  </th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {summaries.map((s, i) => (
              <tr key={i} className="border-t border-zinc-200 dark:border-zinc-800">
                <th scope="row" className="max-w-60 truncate px-2 py-1 text-left font-normal" title={s.label}>
                  {i + 1}. {s.label}
                </th>
                <td className="px-2 py-1">
                  {s.passRate
                    ? `${pct(s.passRate.rate)} (${pct(s.passRate.low)}–${pct(s.passRate.high)}) · ${s.passRate.passed}/${s.passRate.total}`
                    : '–'}
                </td>
                <td className="px-2 py-1">
                  {s.graded} · {s.errors} · {s.waiting}
                </td>
                <td className="px-2 py-1">
                  {ms(s.totalMs.p50)} / {ms(s.totalMs.p95)}
                </td>
                <td className="px-2 py-1">
                  {ms(s.ttftMs.p50)} / {ms(s.ttftMs.p95)}
                </td>
                <td className="px-2 py-1">
                  {s.tokens.prompt} + {s.tokens.completion}
                </td>
                {repeats > 1 ? (
                  <>
                    <td className="px-2 py-1">
                      {s.repeats.passAll
                        ? `${pct(s.repeats.passAll.rate)} (${pct(s.repeats.passAll.low)}–${pct(s.repeats.passAll.high)})`
                        : '–'}
                    </td>
                    <td className="px-2 py-1">
                      {s.repeats.flipping.length === 0
                        ? 'none'
                        : s.repeats.flipping.map((key) => rowName.get(key) ?? key).join(', ')}
                    </td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {summaries.length > 1 ? (
        <div className="flex flex-col gap-1 text-xs" aria-label="Paired test" role="group">
          <div className="flex flex-wrap items-end gap-2">
            <span className="pb-1">McNemar’s test between</span>
            {(['A', 'B'] as const).map((side, k) => (
              <label key={side} className="flex flex-col">
                Variant {side}
                <select
                  className={`${INPUT_CLASS} text-xs`}
                  value={k === 0 ? a : b}
                  onChange={(e) =>
                    setPair(k === 0 ? [Number(e.target.value), b] : [a, Number(e.target.value)])
                  }
                >
                  {summaries.map((s, i) => (
                    <option key={i} value={i}>
                      {i + 1}. {s.label}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
          <p role="status" data-testid="paired-test">
            {paired === null
              ? 'Choose two different variants.'
              : paired.pairs === 0
                ? 'No row has been graded under both yet.'
                : capitalise(describePairedTest(paired, `variant ${a + 1}`, `variant ${b + 1}`))}
          </p>
        </div>
      ) : null}
    </section>
  );
}
