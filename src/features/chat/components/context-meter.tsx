import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ConversationMessage } from '../../../lib/chat';
import { createTokenCounter, type TokenCount, type TokenCounter } from '../../../lib/tokens/token-counter';
import { TOKENS_PER_IMAGE } from '../../../protocol/tokens/image-tokens';
import type { ChatMessage } from '../../../protocol/wire';
import { modelsQueryOptions, useApi, useSettingsStore } from '../../../stores';
import { effectiveChatParameters } from '../../../stores/effective-parameters';
import { describeContextLength, useContextLength } from '../../../stores/use-context-length';
import { useChatSession } from '../session';

type ToWire = (messages: readonly ConversationMessage[]) => ChatMessage[];

/** The wire history of a conversation: what its next request sends before the box's text. */
function wireHistory(toWire: ToWire, systemPrompt: string, messages: readonly ConversationMessage[]) {
  const wire = toWire(messages);
  return systemPrompt.trim() ? [{ role: 'system' as const, content: systemPrompt }, ...wire] : wire;
}

/** Same text in the same places: a reply streaming changes the messages but not what is sent. */
/** Parts compared by what they say (a message with images is a new array each time it is made). */
function sameContent(a: ChatMessage['content'], b: ChatMessage['content']): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((p, i) => {
    const q = b[i]!;
    if (p.type === 'text') return q.type === 'text' && p.text === q.text;
    if (q.type === 'text') return false;
    return p.image_url.url === q.image_url.url && p.image_url.detail === q.image_url.detail;
  });
}

function sameWire(a: readonly ChatMessage[], b: readonly ChatMessage[]): boolean {
  return (
    a.length === b.length &&
    a.every((m, i) => {
      const n = b[i]!;
      return (
        m.role === n.role &&
        sameContent(m.content, n.content) &&
        m.name === n.name &&
        m.refusal === n.refusal &&
        m.function_call?.arguments === n.function_call?.arguments &&
        JSON.stringify(m.tool_calls ?? null) === JSON.stringify(n.tool_calls ?? null)
      );
    })
  );
}

/** Whether a request sends the message: a reply still pending or streaming is not sent. */
const isSent = (m: ConversationMessage) => m.status !== 'pending' && m.status !== 'streaming';

/**
 * The same messages sent, by identity: the sessions store keeps every message it does not change,
 * so a streaming reply (not sent) leaves this true at every frame without converting the history.
 */
function sameSentMessages(a: readonly ConversationMessage[], b: readonly ConversationMessage[]): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < a.length && !isSent(a[i]!)) i++;
    while (j < b.length && !isSent(b[j]!)) j++;
    if (i === a.length || j === b.length) return i === a.length && j === b.length;
    if (a[i] !== b[j]) return false;
    i++;
    j++;
  }
}

/** Rough tokens of text before the tokenizer is here: four characters a token, as English runs. */
const estimate = (chars: number) => Math.ceil(chars / 4);

function textLength(messages: readonly ConversationMessage[], systemPrompt: string): number {
  let chars = systemPrompt.length;
  for (const m of messages) chars += m.content.length + 4;
  return chars;
}

const imageCount = (messages: readonly ConversationMessage[]) =>
  messages.reduce((n, m) => n + (m.images?.length ?? 0), 0);

const formatted = (n: number) => n.toLocaleString('en-US');

/**
 * The composer's token meter: the prompt's o200k tokens as the service counts them (the conversation,
 * the system prompt and the text being typed), beside the model's context and the reply's
 * `max_tokens`, as a bar. The tokenizer (2.4 MB) loads in a worker on the first intent to write
 * (`active`); until then the figure is an estimate and says so.
 */
export function ContextMeter({
  conversationId,
  draft,
  draftImages = 0,
  active,
}: {
  conversationId: string;
  draft: string;
  /** Images attached to the unsent message: each costs what the service counts for an image part. */
  draftImages?: number;
  active: boolean;
}) {
  const messages = useChatSession(conversationId, (s) => s.messages);
  const options = useChatSession(conversationId, (s) => s.options);
  const defaults = useSettingsStore((s) => s.defaults);
  const maxTokens = effectiveChatParameters(options.parameters, defaults).max_tokens ?? null;
  const api = useApi();
  const models = useQuery(modelsQueryOptions(api));
  const contextOf = useContextLength();
  const listed = models.data?.data.find((m) => m.id === options.model);
  const context = listed ? contextOf(listed as Record<string, unknown> & { id: string }) : null;

  const [toWire, setToWire] = useState<{ run: ToWire } | null>(null);
  const [count, setCount] = useState<TokenCount | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const counter = useRef<TokenCounter | null>(null);
  useEffect(() => () => counter.current?.dispose(), []);
  useEffect(() => {
    if (!active || toWire) return;
    let live = true;
    // The request code, fetched on the same intent by the composer: the meter counts what it sends.
    import('../../../lib/chat/build-request').then(
      (m) => live && setToWire({ run: m.toWireMessages }),
      () => live && setFailure('the request code could not be loaded'),
    );
    return () => {
      live = false;
    };
  }, [active, toWire]);
  const [history, setHistory] = useState<ChatMessage[] | null>(null);
  // The messages the history was made from, kept while the same ones are sent.
  const [basis, setBasis] = useState(messages);
  if (basis !== messages && !sameSentMessages(basis, messages)) setBasis(messages);
  const nextHistory = useMemo(
    () => (toWire ? wireHistory(toWire.run, options.systemPrompt, basis) : null),
    [toWire, options.systemPrompt, basis],
  );
  // Kept while what is sent is the same, so a streaming reply does not send the history to count
  // again at every frame (React's "information from previous renders" pattern).
  if (nextHistory !== null && (history === null || !sameWire(history, nextHistory))) setHistory(nextHistory);
  useEffect(() => {
    if (history === null) return;
    counter.current ??= createTokenCounter((c) => {
      setCount(c);
      setFailure(null);
    }, setFailure);
    counter.current.ask({ history, draft });
  }, [history, draft]);

  const exact = count !== null && count.question.history === history && count.question.draft === draft;
  const historyImages = imageCount(messages);
  const images = historyImages + draftImages;
  // The worker counts the history's image parts as the service does; the unsent images are added here.
  const prompt =
    (count !== null
      ? count.history + count.draft
      : estimate(textLength(messages, options.systemPrompt) + draft.length) +
        3 +
        historyImages * TOKENS_PER_IMAGE) +
    draftImages * TOKENS_PER_IMAGE;
  const reserved = maxTokens ?? 0;
  const limit = context?.tokens ?? null;
  const over = limit !== null && prompt + reserved > limit ? prompt + reserved - limit : 0;
  const words = [
    `${count === null ? '≈ ' : ''}${formatted(prompt)} prompt tokens${count === null ? ' (estimate)' : exact ? '' : ' (counting…)'}` +
      (images > 0
        ? `, ${formatted(images)} image${images === 1 ? '' : 's'} at ${TOKENS_PER_IMAGE} each`
        : ''),
    maxTokens !== null ? `max_tokens ${formatted(maxTokens)}` : 'max_tokens unset',
    limit !== null
      ? over > 0
        ? `${formatted(over)} over the ${formatted(limit)}-token context`
        : `${formatted(limit - prompt - reserved)} left of ${formatted(limit)}`
      : `context ${describeContextLength(null)}`,
  ];
  const share = (n: number) => (limit ? `${Math.min(100, (n / limit) * 100)}%` : '0%');

  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid="context-meter">
      {limit !== null ? (
        <div
          role="meter"
          aria-label="Context used"
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(limit, prompt + reserved)}
          aria-valuetext={words.join(', ')}
          className="flex h-1.5 w-full overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800"
        >
          <span
            className={over > 0 ? 'bg-red-600 dark:bg-red-500' : 'bg-sky-600 dark:bg-sky-500'}
            style={{ width: share(prompt) }}
          />
          <span className="bg-amber-400 dark:bg-amber-600" style={{ width: share(reserved) }} />
        </div>
      ) : null}
      <p
        className={`text-xs ${over > 0 ? 'text-red-700 dark:text-red-300' : 'text-zinc-600 dark:text-zinc-400'}`}
        title={`o200k_base tokens, counted as the local service counts a prompt, an image as ${TOKENS_PER_IMAGE} (a low-detail image); other servers' tokenizers and image costs may differ`}
      >
        {words.join(' · ')}
        {over > 0 ? ' — shorten the conversation or lower max_tokens.' : null}
        {failure ? ` · exact count unavailable: ${failure}` : null}
      </p>
    </div>
  );
}
