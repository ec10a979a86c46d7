import { memo, useState } from 'react';
import { Markdown } from '../../../components/markdown';
import { Button } from '../../../components/ui/button';
import { onDemand } from '../../../components/ui/on-demand';
import type { ConversationMessage, MessageEdit } from '../../../lib/chat';
import { MessageErrorPanel } from './message-error-panel';
import { MessageRowActions, type MessageRowActionsProps } from './message-row-actions';
import { ReasoningPane } from './reasoning-pane';
import { ReplyFooter } from './reply-footer';
import { useNearViewport } from '../../../components/ui/use-near-viewport';
import { estimatedRowHeight } from './use-mounted-rows';
import { VersionStepper } from './version-stepper';

/** A row is given what its buttons are given, and how to show the message. */
export interface MessageRowProps extends MessageRowActionsProps {
  editing: boolean;
  rendering: ReplyRendering;
}

/** How replies are drawn; one object for the whole transcript, so rows stay memoised. */
export interface ReplyRendering {
  /** Plain text instead of markdown (the benchmark's baseline; `?render=plain`). */
  plain: boolean;
  /** Replies are JSON (JSON mode is on): shown as a tree with its parse check. */
  jsonMode: boolean;
}

// The token heatmap loads when first asked for: most replies are never looked at token by token.
const Logprobs = onDemand(() =>
  import('../../../components/logprobs/logprobs-view').then((m) => m.LogprobsView),
);
// Function-call cards (with their argument check and result forms), the JSON reply view and the
// message editor load with the first message that needs them: most conversations use none of them.
const FunctionCallView = onDemand(() => import('./function-call-view').then((m) => m.FunctionCallView));
const ToolCallsView = onDemand(() => import('./function-call-view').then((m) => m.ToolCallsView));
const JsonReplyView = onDemand(() => import('./json-reply-view').then((m) => m.JsonReplyView));
const MessageEditor = onDemand(() => import('./message-editor').then((m) => m.MessageEditor));
// A user message's images: most messages have none.
const MessageImages = onDemand(() => import('./message-images').then((m) => m.MessageImages));

/** What a part shows while its code loads: its own text, as it came, in the place it will fill. */
function Arriving({ text }: { text: string }) {
  return (
    <pre className="overflow-x-auto font-mono text-xs whitespace-pre-wrap" data-part-pending="">
      {text}
    </pre>
  );
}

const STATUS_WORDS: Partial<Record<NonNullable<ConversationMessage['status']>, string>> = {
  pending: 'waiting…',
  streaming: 'streaming…',
  stopped: 'stopped: partial reply',
  error: 'failed: partial reply kept',
  interrupted: 'interrupted: partial reply (the page was closed while it streamed)',
};

function Body({
  message,
  rendering: { plain, jsonMode },
  near,
}: Pick<MessageRowProps, 'message' | 'rendering'> & { near: boolean }) {
  const [tokens, setTokens] = useState(false);
  const live = message.status === 'pending' || message.status === 'streaming';
  // Far off screen, a reply shows as plain text (same words, about the same height) until it nears
  // the viewport; parsing 200 replies of markdown at once is what makes a long conversation slow to open.
  if (message.role !== 'assistant' || plain || (!near && !live)) {
    return (
      <>
        <div className="text-sm whitespace-pre-wrap">{message.content}</div>
        {message.images && message.images.length > 0 ? (
          <MessageImages.Component
            images={message.images}
            fallback={<p className="h-24 text-xs text-zinc-500 dark:text-zinc-400">Loading its images…</p>}
          />
        ) : null}
      </>
    );
  }
  return (
    <>
      {message.reasoning ? <ReasoningPane reasoning={message.reasoning} live={live} /> : null}
      {message.function_call ? (
        <FunctionCallView.Component
          call={message.function_call}
          streaming={live}
          messageId={message.id}
          fallback={<Arriving text={`${message.function_call.name}(${message.function_call.arguments})`} />}
        />
      ) : null}
      {message.tool_calls && message.tool_calls.length > 0 ? (
        <ToolCallsView.Component
          calls={message.tool_calls}
          streaming={live}
          messageId={message.id}
          fallback={
            <Arriving
              text={message.tool_calls.map((c) => `${c.function.name}(${c.function.arguments})`).join('\n')}
            />
          }
        />
      ) : null}
      {message.logprobs && message.logprobs.length > 0 ? (
        <Button size="sm" variant="ghost" aria-pressed={tokens} onClick={() => setTokens(!tokens)}>
          {tokens ? 'Show text' : 'Show token probabilities'}
        </Button>
      ) : null}
      {message.logprobsRequested && !message.logprobs?.length && !live && message.status === 'complete' ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          logprobs were asked for, and the server returned none (it may not support them).
        </p>
      ) : null}
      {tokens && message.logprobs ? (
        <Logprobs.Component
          logprobs={message.logprobs}
          fallback={<p className="text-xs text-zinc-500">Loading the token view…</p>}
        />
      ) : jsonMode && message.content !== '' ? (
        <JsonReplyView.Component
          text={message.content}
          streaming={live}
          fallback={<Arriving text={message.content} />}
        />
      ) : message.content !== '' ? (
        <Markdown text={message.content} streaming={live} />
      ) : null}
    </>
  );
}

/**
 * One message of the transcript. Memoised: while a reply streams, only its row gets a new message
 * object, so only it re-renders; `content-visibility: auto` lets the browser skip off-screen rows.
 */
export const MessageRow = memo(function MessageRow(props: MessageRowProps) {
  const { message, index, count, busy, blocked, editing, actions } = props;
  // An error before anything arrived is the request's failure: there is no partial reply to speak of.
  const nothingArrived =
    message.content === '' && !message.refusal && !message.function_call && !message.tool_calls;
  const status =
    message.status === 'error' && nothingArrived
      ? 'failed: the request got no reply'
      : message.status
        ? STATUS_WORDS[message.status]
        : undefined;
  const isReply = message.role === 'assistant' && message.timings !== undefined;
  const { ref, near } = useNearViewport<HTMLLIElement>(index >= count - 4);
  const tone =
    message.role === 'user'
      ? 'bg-white dark:bg-zinc-900'
      : 'bg-zinc-50 dark:bg-zinc-900/60 border-l-2 border-l-sky-600';
  return (
    <li
      ref={ref}
      aria-label={`${message.role} message ${index + 1}`}
      data-message-id={message.id}
      data-role={message.role}
      data-status={message.status ?? 'written'}
      className={`rounded border border-zinc-200 p-2 dark:border-zinc-800 ${tone}`}
      // Until a row has been drawn once, the browser takes this for its height: from its text, so the
      // scrollbar of a long conversation is about right before the reader scrolls through it.
      style={{ contentVisibility: 'auto', containIntrinsicSize: `auto ${estimatedRowHeight(message)}px` }}
    >
      <div className="mb-1 flex flex-wrap items-center justify-between gap-1 text-xs">
        <span className="flex items-center gap-2">
          <span className="font-semibold uppercase">{message.role}</span>
          {message.role === 'function' ? (
            // Which function answered: the transcript would otherwise show a bare result.
            <span className="font-mono text-zinc-600 dark:text-zinc-400">{message.name ?? 'result'}</span>
          ) : null}
          {message.role === 'tool' ? (
            <span className="font-mono text-zinc-500">
              {message.name ?? 'result'} · {message.tool_call_id}
            </span>
          ) : null}
          {message.answeredBy === 'mock' ? (
            // Auto-run answered, not a person: a transcript read later must not pass a canned
            // result off as the function's real output.
            <span
              className="rounded bg-violet-100 px-1 text-violet-800 dark:bg-violet-950 dark:text-violet-200"
              title="Auto-run sent the mock result set in the Functions tab"
            >
              mock result
            </span>
          ) : null}
          {message.model ? <span className="font-mono text-zinc-500">{message.model}</span> : null}
          {message.role === 'assistant' && !isReply ? (
            <span className="text-zinc-500">(written by hand)</span>
          ) : null}
          <VersionStepper messageId={message.id} index={index} busy={busy} actions={actions} />
          {status ? (
            <span
              className={
                message.status === 'error' || message.status === 'interrupted'
                  ? 'text-red-700 dark:text-red-400'
                  : 'text-amber-700 dark:text-amber-400'
              }
            >
              {status}
            </span>
          ) : null}
        </span>
        {!editing ? <MessageRowActions {...props} /> : null}
      </div>
      {editing ? (
        <MessageEditor.Component
          message={message}
          onSave={(edit) => actions.save(message.id, edit)}
          {...(message.role === 'assistant' || busy || blocked !== null
            ? {}
            : { onResend: (edit: MessageEdit) => actions.resend(message.id, edit) })}
          onCancel={actions.cancelEdit}
          fallback={<Arriving text={message.content} />}
        />
      ) : (
        <Body message={message} rendering={props.rendering} near={near} />
      )}
      {message.refusal ? (
        // The model declined, in its own words: bordered and headed apart from its text, not red like
        // an error (the request worked), and plain text: it is a statement, not markdown.
        <section
          aria-label="The model refused"
          data-testid="refusal"
          className="mt-1 rounded border border-dashed border-zinc-400 p-2 text-sm whitespace-pre-wrap dark:border-zinc-600"
        >
          <h3 className="text-xs font-semibold">Refused</h3>
          {message.refusal}
        </section>
      ) : null}
      {message.error ? <MessageErrorPanel error={message.error} /> : null}
      {isReply && message.status !== 'pending' && message.status !== 'streaming' ? (
        <ReplyFooter message={message} />
      ) : null}
    </li>
  );
});
