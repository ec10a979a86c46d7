import type { Divergence, DivergentToken } from '../../lib/compare/divergence';

const percent = (p: number) => `${(p * 100).toFixed(p < 0.01 ? 2 : 1)}%`;
// Tokens often are or hold whitespace; shown quoted with escapes so " the" and "the" differ visibly.
const shown = (token: string) => JSON.stringify(token);

function Side({ name, token, other }: { name: string; token: DivergentToken | null; other: string | null }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="font-medium">{name}</dt>
      {token ? (
        <dd>
          <span className="font-mono">{shown(token.token)}</span> at {percent(token.probability)}
          {other !== null ? (
            <span className="text-zinc-600 dark:text-zinc-400">
              {' '}
              ({shown(other)}:{' '}
              {token.otherProbability === null ? 'not in its top logprobs' : percent(token.otherProbability)})
            </span>
          ) : null}
        </dd>
      ) : (
        <dd>the reply had ended</dd>
      )}
    </div>
  );
}

/** Where two replies' tokens first differ, and how likely each model found either token there. */
export function DivergenceView({
  divergence,
  left,
  right,
}: {
  divergence: Divergence | null;
  left: string;
  right: string;
}) {
  if (!divergence) {
    return (
      <p role="note" className="text-xs">
        Same tokens throughout: the two replies never diverge.
      </p>
    );
  }
  return (
    <section aria-label="First divergence" className="text-xs">
      <h4 className="font-medium">First divergence at token {divergence.index}</h4>
      <dl className="mt-1 grid gap-2 sm:grid-cols-2">
        <Side name={left} token={divergence.left} other={divergence.right?.token ?? null} />
        <Side name={right} token={divergence.right} other={divergence.left?.token ?? null} />
      </dl>
    </section>
  );
}
