import { forwardRef, useEffect, useState, type ClipboardEvent, type DragEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { INPUT_CLASS } from '../../../components/ui/field';
import type { SendKey } from '../../../stores';
import { ParameterProblems } from '../params/parameter-problems';
import { ContextMeter } from './context-meter';
import { onDemand } from '../../../components/ui/on-demand';
import { useDraftImages } from './use-draft-images';
import { MAX_MESSAGE_IMAGES, type MessageImage } from '../../../lib/chat';
import { preloadReplyMachinery } from '../session';
import { describeInvalidParameters, useInvalidParameters } from '../params/use-parameter-problem';

const draftKey = (conversationId: string) => `svc-playground.chat-draft.${conversationId}`;

/** The unsent text of a conversation, kept in localStorage so nothing typed is ever lost. */
export function loadDraft(conversationId: string): string {
  try {
    return localStorage.getItem(draftKey(conversationId)) ?? '';
  } catch {
    return '';
  }
}

function saveDraft(conversationId: string, text: string): void {
  try {
    if (text === '') localStorage.removeItem(draftKey(conversationId));
    else localStorage.setItem(draftKey(conversationId), text);
  } catch {
    // Storage full or blocked: the text stays in the field; nothing else to do.
  }
}

// Attaching images (the row, the thumbnails, reading files) loads on the intent to attach, or with a
// conversation whose unsent message has images: most messages carry none (the first page stays light).
const loadImages = () => import('./composer-images');
const ComposerImages = onDemand(() => loadImages().then((m) => m.ComposerImages));

const NOT_KEPT =
  'The attached images are too large to keep in this browser: they stay while the page is open, and go if you reload before sending.';

export interface ComposerProps {
  conversationId: string;
  busy: boolean;
  /** Why sending is not possible now (e.g. invalid function definitions); Send is disabled with it shown. */
  blockedReason?: string | null;
  sendKey: SendKey;
  /** Why images cannot go to the conversation's model on this connection, or null when they can. */
  imagesRefusal?: string | null;
  onSend: (text: string, images: MessageImage[]) => void;
  /**
   * With the box empty, Send runs the conversation as it stands: `reply` when it ends with a turn not
   * yet answered, `continuation` when it ends with assistant text written by hand (a prefill).
   */
  awaitsReply?: 'reply' | 'continuation' | null;
  /** Asks for the reply to the conversation as it stands. */
  onRun?: () => void;
  /** Appends the text (a user's with its images) as a message without requesting a reply (few-shot prompts). */
  onAdd: (role: 'user' | 'assistant', text: string, images: MessageImage[]) => void;
  onStop: () => void;
}

// The request code (body building, reply reading: about 7 KB) is not on the first page: it is fetched
// on the intent to send — the pointer over the composer, focus in it — not when the page is idle
// (issue 29, item 10). A failed fetch is tried again by the Send, which says so if it fails too.
const replyIntent = () => void preloadReplyMachinery().catch(() => undefined);

/** Sends messages. The draft is saved per conversation as it is typed and cleared only once sent. */
export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  {
    conversationId,
    busy,
    blockedReason: otherReason = null,
    sendKey,
    imagesRefusal = null,
    onSend,
    awaitsReply = null,
    onRun,
    onAdd,
    onStop,
  },
  ref,
) {
  // The parameters are checked here too, so every way of sending from the box waits for a fix.
  const invalidParameters = useInvalidParameters(conversationId);
  const parameterProblem = describeInvalidParameters(invalidParameters);
  const [text, setText] = useState(() => loadDraft(conversationId));
  const { images, change: setImages, kept: imagesKept } = useDraftImages(conversationId);
  const [adding, setAdding] = useState(false);
  const [imageProblems, setImageProblems] = useState<string[]>([]);
  const [shownFor, setShownFor] = useState(conversationId);
  if (shownFor !== conversationId) {
    setShownFor(conversationId);
    setText(loadDraft(conversationId));
    setImageProblems([]);
    setAdding(false);
  }
  useEffect(() => saveDraft(conversationId, text), [conversationId, text]);
  const imagesProblem =
    images.length > 0 && imagesRefusal !== null
      ? `${imagesRefusal} Remove the images to send the text alone.`
      : null;
  const blockedReason =
    [otherReason, imagesProblem, parameterProblem].filter((reason) => reason !== null).join(' ') || null;
  // The token meter's tokenizer, like the request code, is fetched on the intent to write.
  const [intent, setIntent] = useState(false);
  const onIntent = () => {
    replyIntent();
    setIntent(true);
  };

  const empty = text.trim() === '' && images.length === 0;
  // With nothing typed, Send runs a conversation that waits for a reply; otherwise it sends the text.
  const runs = empty && awaitsReply !== null && onRun !== undefined;
  const clear = () => {
    setText('');
    setImages(() => []);
    setImageProblems([]);
    setAdding(false);
  };
  const send = () => {
    if (busy || blockedReason) return;
    if (runs) onRun();
    else if (!empty) {
      onSend(text, images);
      clear();
    }
  };
  const add = (role: 'user' | 'assistant') => {
    if (empty || (role === 'assistant' && images.length > 0)) return;
    onAdd(role, text, images);
    clear();
  };
  // Pasted or dropped image files are attached; pasted text goes into the box as always.
  const attachFiles = async (files: File[]) => {
    if (imagesRefusal !== null) return setImageProblems([`Not attached: ${imagesRefusal}`]);
    let read: { images: MessageImage[]; problems: string[] };
    try {
      read = await (await loadImages()).imagesFromFiles(files, MAX_MESSAGE_IMAGES - images.length);
    } catch (error) {
      return setImageProblems([
        `The images could not be attached: ${error instanceof Error ? error.message : String(error)}. Check the connection to the playground and try again.`,
      ]);
    }
    if (read.images.length > 0) setImages((current) => [...current, ...read.images]);
    setImageProblems(read.problems);
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData.files);
    if (files.length === 0) return;
    if (event.clipboardData.getData('text/plain') === '') event.preventDefault();
    void attachFiles(files);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const files = Array.from(event.dataTransfer.files);
    if (files.length === 0) return;
    event.preventDefault();
    void attachFiles(files);
  };
  const keyWords =
    sendKey === 'enter' ? 'Enter sends · Shift+Enter new line' : 'Ctrl+Enter sends · Enter new line';

  return (
    <div
      className="flex flex-col gap-1 border-t border-zinc-200 pt-2 dark:border-zinc-800"
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) e.preventDefault();
      }}
      onDrop={onDrop}
    >
      <textarea
        ref={ref}
        aria-label="Message"
        aria-keyshortcuts={sendKey === 'enter' ? 'Enter' : 'Control+Enter'}
        className={`${INPUT_CLASS} min-h-20 resize-y`}
        placeholder="Type a message"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPaste={onPaste}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          const mod = e.ctrlKey || e.metaKey;
          if ((sendKey === 'enter' && !e.shiftKey && !mod) || (sendKey === 'mod-enter' && mod)) {
            e.preventDefault();
            send();
          }
        }}
      />
      {adding || images.length > 0 || imageProblems.length > 0 || !imagesKept ? (
        <ComposerImages.Component
          images={images}
          onChange={setImages}
          refusal={imagesRefusal}
          adding={adding}
          onAddingChange={setAdding}
          problems={imagesKept ? imageProblems : [...imageProblems, NOT_KEPT]}
          onProblems={setImageProblems}
          fallback={<p className="text-xs text-zinc-500 dark:text-zinc-400">Loading the images…</p>}
        />
      ) : null}
      {blockedReason ? (
        <p
          id={`${conversationId}-send-blocked`}
          role="alert"
          className="text-xs text-red-700 dark:text-red-400"
        >
          {[otherReason, imagesProblem].filter((reason) => reason !== null).join(' ')}
          {(otherReason || imagesProblem) && parameterProblem ? ' ' : null}
          {parameterProblem ? <ParameterProblems invalid={invalidParameters} /> : null}
        </p>
      ) : null}
      <ContextMeter
        conversationId={conversationId}
        draft={text}
        draftImages={images.length}
        active={intent}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          {runs
            ? awaitsReply === 'continuation'
              ? 'The last message is assistant text: Send has the model continue it · '
              : 'The last message awaits a reply: Send asks for it · '
            : null}
          {/* Keys mean nothing on a touch screen with no keyboard: the hints go there. */}
          <span className="pointer-coarse:hidden" data-testid="keyboard-hints">
            {keyWords} · Esc stops · ? shortcuts
          </span>
        </span>
        <span className="flex flex-wrap gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={adding}
            onPointerEnter={() => void ComposerImages.preload().catch(() => undefined)}
            onFocus={() => void ComposerImages.preload().catch(() => undefined)}
            onClick={() => setAdding(!adding)}
          >
            Attach image
          </Button>
          <Button size="sm" variant="ghost" disabled={busy || empty} onClick={() => add('user')}>
            Add as user
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={busy || text.trim() === '' || images.length > 0}
            title={
              images.length > 0
                ? 'Images go with a user message: remove them to add assistant text.'
                : undefined
            }
            onClick={() => add('assistant')}
          >
            Add as assistant
          </Button>
          {busy ? (
            <Button size="sm" variant="danger" onClick={onStop} aria-keyshortcuts="Escape">
              Stop
            </Button>
          ) : (
            <Button
              size="sm"
              variant="primary"
              disabled={(empty && !runs) || blockedReason !== null}
              title={blockedReason ?? undefined}
              aria-describedby={blockedReason ? `${conversationId}-send-blocked` : undefined}
              onClick={send}
            >
              Send
            </Button>
          )}
        </span>
      </div>
    </div>
  );
});
