import { useState } from 'react';
import { JsonTree } from '../../../components/json-view';
import { Markdown } from '../../../components/markdown';
import { Button } from '../../../components/ui/button';
import type { VisionResult } from '../../../lib/api';
import { classifyVisionBody, type VisionView } from '../classify-vision-body';
import { CopyButton } from '../../../components/ui/copy-button';

function Rendered({ view }: { view: VisionView }) {
  switch (view.kind) {
    case 'markdown':
      return <Markdown text={view.text} />;
    case 'text':
      return <p className="text-sm whitespace-pre-wrap">{view.text}</p>;
    case 'json':
      return <JsonTree value={view.value} label="Analysis as JSON" expandDepth={4} />;
  }
}

function describeView(view: VisionView, contentType: string): string {
  const type = contentType || 'no content type';
  switch (view.kind) {
    case 'markdown':
      return `Chat completion (${type}), shown as markdown`;
    case 'text':
      return view.field ? `The "${view.field}" field (${type}), shown as text` : `Plain text body (${type})`;
    case 'json':
      return `JSON of an unknown shape (${type}), shown as a tree`;
  }
}

/** The answer of an image analysis, rendered by its shape, with the raw body a click away and copy. */
export function VisionResultView({ result }: { result: VisionResult }) {
  const [raw, setRaw] = useState(false);
  const view = classifyVisionBody(result);
  const copyText = raw || view.kind === 'json' ? result.raw : view.text;
  return (
    <section aria-label="Analysis" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{describeView(view, result.contentType)}</p>
        <div className="flex items-center gap-2">
          <Button size="sm" aria-pressed={raw} onClick={() => setRaw(!raw)}>
            Raw body
          </Button>
          <CopyButton text={copyText} label={raw ? 'Copy raw' : 'Copy'} />
        </div>
      </div>
      <div className="rounded border border-zinc-200 p-3 dark:border-zinc-800">
        {raw ? (
          <pre aria-label="Raw response body" className="overflow-auto font-mono text-xs whitespace-pre-wrap">
            {result.raw}
          </pre>
        ) : (
          <Rendered view={view} />
        )}
      </div>
      {view.kind === 'markdown' ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          finish_reason {view.finishReason ?? 'not given'}
          {view.usage
            ? ` · ${view.usage.prompt_tokens} prompt + ${view.usage.completion_tokens} completion = ${view.usage.total_tokens} tokens`
            : ''}
        </p>
      ) : null}
    </section>
  );
}
