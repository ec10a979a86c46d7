import { tone } from './token-text';

// One sample probability from each band `tone` colours, so the legend cannot drift from the tokens.
const BANDS = [
  { label: '90% or more', sample: 0.95 },
  { label: '60–90%', sample: 0.75 },
  { label: '30–60%', sample: 0.45 },
  { label: 'under 30%', sample: 0.1 },
] as const;

/** What the token colours mean: how likely the model found each token it chose. */
export function LogprobsLegend() {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-700 dark:text-zinc-300">
      <span>How likely each chosen token was:</span>
      {BANDS.map((band) => (
        <span key={band.label} className="inline-flex items-center gap-1">
          <span
            aria-hidden="true"
            className={`inline-block h-3 w-4 rounded-sm border border-zinc-300 dark:border-zinc-600 ${tone(band.sample)}`}
          />
          {band.label}
        </span>
      ))}
      <span>(hover or focus a token for its alternatives)</span>
    </p>
  );
}
