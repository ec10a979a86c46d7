import { useEffect, useId, useState } from 'react';
import { useDefaultModel } from '../../components/params';
import { Button } from '../../components/ui/button';
import { ScreenReaderStatus } from '../../components/ui/screen-reader-status';
import { ErrorPanel } from '../../components/ui/error-panel';
import { WorkspaceFrame } from '../../components/frame';
import { PAGE_INSPECTOR_TABS, PageWireTab } from '../../components/wire/page-wire-tab';
import { useApi, useSettingsStore, describeInvalidParameters } from '../../stores';
import { usePageInvalid } from '../../stores/invalid-page-parameters';
import { buildCodeRequest } from './build-code-request';
import { CodeEditor } from './code-editor';
import { CodeParametersPanel } from './code-parameters-panel';
import { loadCodeDraft, saveCodeDraft } from './code-draft';
import { CompletionPanel } from './completion-panel';
import { LanguagePicker } from './language-picker';
import { findLanguage, guessLanguage } from './languages';
import { useCodeCompletion } from './use-code-completion';

/** The code page: a prompt editor whose completion appears as a continuation of the prompt. */
export function CodePage() {
  const api = useApi();
  const parameters = useSettingsStore((s) => s.parameters.code);
  const setParameter = useSettingsStore((s) => s.setParameter);
  const [prompt, setPrompt] = useState(loadCodeDraft);
  const { state, run, cancel, dismiss, markAccepted } = useCodeCompletion(api.client);
  const hintId = useId();

  useEffect(() => saveCodeDraft(prompt), [prompt]);

  const chosen = parameters.language ? findLanguage(parameters.language) : undefined;
  const guessed = parameters.language ? null : guessLanguage(prompt);
  const highlighting = chosen ?? guessed;
  const result = state.result;
  const stale = result !== null && result.request.prompt !== prompt;
  const suggestion = result && !result.accepted && !stale && result.text !== '' ? result.text : null;
  const busy = state.status === 'loading';

  const defaultModel = useDefaultModel('code');
  const parameterProblem = describeInvalidParameters(usePageInvalid('code'));
  // A field shows a value the request would not carry: the page never sends another one.
  const complete = () => {
    if (parameterProblem === null) void run(buildCodeRequest(prompt, parameters, defaultModel));
  };
  // Retry completes the prompt as it is now, with the parameters as they are now.
  const accept = () => {
    if (!suggestion) return;
    setPrompt(prompt + suggestion);
    markAccepted();
  };
  const dismissOrCancel = () => (busy ? cancel() : dismiss());

  return (
    <WorkspaceFrame
      page="code"
      title="Code"
      purpose="Complete code with svc-coder, right where the prompt ends."
      tabs={PAGE_INSPECTOR_TABS}
      renderTab={(tab) => (tab === 'wire' ? <PageWireTab endpoint="code" /> : <CodeParametersPanel />)}
      work={
        <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <LanguagePicker
              value={parameters.language}
              onChange={(v) => setParameter('code', 'language', v)}
              guessed={guessed?.label ?? null}
            />
            <div className="flex items-center gap-2">
              <span id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
                Ctrl+Enter completes · Tab accepts · Esc dismisses · Ctrl+] indents
              </span>
              {busy ? (
                <Button size="sm" variant="danger" onClick={cancel}>
                  Cancel
                </Button>
              ) : null}
              <Button
                variant="primary"
                size="sm"
                onClick={complete}
                disabled={busy || parameterProblem !== null}
                title={parameterProblem ?? undefined}
                aria-keyshortcuts="Control+Enter"
              >
                {busy ? 'Completing…' : 'Complete'}
              </Button>
            </div>
          </div>
          {parameterProblem ? (
            <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
              {parameterProblem}
            </p>
          ) : null}
          <CodeEditor
            value={prompt}
            onChange={setPrompt}
            language={highlighting}
            suggestion={suggestion}
            label="Prompt"
            describedBy={hintId}
            busy={busy}
            onComplete={complete}
            onAccept={accept}
            onDismiss={dismissOrCancel}
          />
          <ScreenReaderStatus
            text={busy ? 'Completing…' : suggestion ? 'Suggestion shown; Tab accepts, Escape dismisses.' : ''}
          />
          {state.status === 'error' ? (
            <ErrorPanel error={state.error} onRetry={complete} onDismiss={dismiss} />
          ) : null}
          {result ? (
            <CompletionPanel result={result} stale={stale} actions={{ accept, retry: complete, dismiss }} />
          ) : null}
        </div>
      }
    />
  );
}
