import { finishReasonHint, formatMs, messageMetrics, type ConversationMessage } from '../../../lib/chat';

/** A reply's figures: finish reason (explained when worth it), usage, time to first token, speed. */
export function ReplyFooter({ message }: { message: ConversationMessage }) {
  const metrics = messageMetrics(message);
  const hint = finishReasonHint(message.finish_reason);
  const usage = message.usage;
  return (
    <div className="mt-1 text-xs text-zinc-500 dark:text-zinc-400" data-testid="reply-footer">
      <p className="flex flex-wrap gap-x-3">
        <span>
          finish_reason: <span className="font-mono">{message.finish_reason ?? '–'}</span>
        </span>
        {usage ? (
          <span>
            {usage.prompt_tokens} prompt + {usage.completion_tokens} completion = {usage.total_tokens} tokens
          </span>
        ) : null}
        <span>TTFT {formatMs(metrics.ttftMs)}</span>
        <span>total {formatMs(metrics.totalMs)}</span>
        {metrics.largestGapMs !== null ? <span>largest gap {formatMs(metrics.largestGapMs)}</span> : null}
        {metrics.tokensPerSecond !== null ? (
          <span>
            {metrics.tokensPerSecond.toFixed(1)} tokens/s{metrics.estimated ? ' (estimated)' : ''}
          </span>
        ) : null}
      </p>
      {message.continuedFrom !== undefined ? (
        <p data-testid="continued-note">
          Continued from {message.continuedFrom.toLocaleString()} characters already there: these figures are
          of the last request, which wrote the rest.
        </p>
      ) : null}
      {hint && message.finish_reason === 'length' ? (
        <p className="text-amber-700 dark:text-amber-400">{hint}</p>
      ) : null}
    </div>
  );
}
