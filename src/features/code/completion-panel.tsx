import { useState } from 'react';
import { FactList } from '../../components/ui/fact-list';
import { Button } from '../../components/ui/button';
import type { CodeResult } from './use-code-completion';

export interface CompletionPanelProps {
  result: CodeResult;
  /** The prompt has changed since this completion was made, so it no longer continues it. */
  stale: boolean;
  actions: CompletionActions;
}

/** What the panel's buttons do; the editor's Tab and Escape do the same. */
export interface CompletionActions {
  accept: () => void;
  retry: () => void;
  dismiss: () => void;
}

function finishWords(reason: string): string {
  if (reason === 'stop') return 'stop (ended naturally or at a stop sequence)';
  if (reason === 'length') return 'length (hit max_tokens: raise it for more)';
  return reason;
}

/** What came back: finish reason, usage and model, with accept, copy, retry and dismiss. */
export function CompletionPanel({ result, stale, actions }: CompletionPanelProps) {
  const [copied, setCopied] = useState<string | null>(null);
  const choice = result.completion.choices[0];
  const usage = result.completion.usage;
  const canAccept = !result.accepted && !stale && result.text !== '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(result.text);
      setCopied('Copied');
    } catch (error) {
      setCopied(
        `Could not copy (${error instanceof Error ? error.message : String(error)}); select the text instead.`,
      );
    }
  }

  return (
    <section
      aria-label="Completion"
      className="flex flex-col gap-2 rounded border border-sky-300 bg-sky-50/60 p-2 text-sm dark:border-sky-800 dark:bg-sky-950/30"
    >
      <FactList
        facts={[
          {
            label: 'finish_reason',
            value: choice ? finishWords(choice.finish_reason) : 'no choice returned',
          },
          {
            label: 'usage',
            value: usage
              ? `${usage.prompt_tokens} prompt + ${usage.completion_tokens} completion = ${usage.total_tokens} tokens`
              : 'not reported',
          },
          { label: 'model', value: result.completion.model },
        ]}
      />
      {result.text === '' ? <p className="text-xs">The server returned an empty completion.</p> : null}
      {result.accepted ? <p className="text-xs">Accepted into the editor.</p> : null}
      {stale && !result.accepted ? (
        <p className="text-xs">The prompt changed since this completion; retry to complete the new prompt.</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="primary"
          disabled={!canAccept}
          onClick={actions.accept}
          aria-keyshortcuts="Tab"
        >
          Accept <kbd className="font-mono opacity-70">Tab</kbd>
        </Button>
        <Button size="sm" disabled={result.text === ''} onClick={() => void copy()}>
          Copy
        </Button>
        <Button size="sm" onClick={actions.retry}>
          Retry
        </Button>
        <Button size="sm" variant="ghost" onClick={actions.dismiss} aria-keyshortcuts="Escape">
          Dismiss <kbd className="font-mono opacity-70">Esc</kbd>
        </Button>
        {copied ? (
          <span role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
            {copied}
          </span>
        ) : null}
      </div>
    </section>
  );
}
