/**
 * Images in chat messages: sent as the format's parts after the text; kept through a stored record,
 * an export, a share link and an imported request body; refused where they cannot be (another role,
 * an address that is no image URL, too many); dropped when an edit makes the message another role's;
 * written into the Markdown export; and which connections and models they go to.
 */
import { describe, expect, it } from 'vitest';
import { buildChatRequest } from '../../../../src/lib/chat/build-request';
import { readStoredConversation } from '../../../../src/lib/chat/conversation-checks';
import { exportConversation } from '../../../../src/lib/chat/conversation-format';
import { parseConversationImport } from '../../../../src/lib/chat/conversation-import';
import { conversationMarkdown } from '../../../../src/lib/chat/conversation-markdown';
import {
  MAX_MESSAGE_IMAGES,
  type Conversation,
  type ConversationMessage,
  type MessageImage,
} from '../../../../src/lib/chat/conversation-types';
import { readDraftImages } from '../../../../src/lib/chat/draft-images';
import { withEdit } from '../../../../src/lib/chat/message-edits';
import { readRequestBody } from '../../../../src/lib/chat/request-body-import';
import { readSharedConversation, shareFragment, sharedData } from '../../../../src/lib/chat/share-link';
import { chatImagesRefusal } from '../../../../src/lib/chat/images-refusal';
import { ajv } from '../../../../src/lib/function-schema/ajv-instance';
import { metaSchemaCheckOf } from '../../../../src/lib/function-schema/meta-schema';

const NOW = 1_700_000_000_000;
const metaSchema = metaSchemaCheckOf({ ajv });
const defaults = () => {
  let n = 0;
  return { model: 'gpt-4o', createId: () => `new${++n}`, now: NOW, metaSchema };
};

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const IMAGES: MessageImage[] = [
  { url: 'https://images.example/cat one.png', detail: 'low' },
  { url: PIXEL, name: 'pixel [1].png' },
];

function conversation(first: Partial<ConversationMessage> = {}): Conversation {
  return {
    id: 'c1',
    title: 'Pictures',
    createdAt: 1,
    updatedAt: 2,
    model: 'gpt-4o',
    systemPrompt: '',
    parameters: {},
    messages: [
      { id: 'u1', role: 'user', content: 'What is in these?', images: IMAGES, createdAt: 1, ...first },
      { id: 'a1', role: 'assistant', content: 'A cat and a pixel.', status: 'complete', createdAt: 2 },
    ],
  };
}

const storedIssues = (value: unknown) => {
  const read = readStoredConversation(JSON.parse(JSON.stringify(value)), 'c1', NOW);
  return read.ok ? [] : read.issues;
};

describe('images in chat messages', () => {
  it('are sent after the text as image_url parts, detail kept and the file name not sent', () => {
    const body = buildChatRequest({ model: 'gpt-4o', messages: conversation().messages, stream: false });
    expect(body.messages[0]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is in these?' },
        { type: 'image_url', image_url: { url: 'https://images.example/cat one.png', detail: 'low' } },
        { type: 'image_url', image_url: { url: PIXEL } },
      ],
    });
    // A message of images alone has no empty text part; one without images stays a string.
    const alone = buildChatRequest({
      model: 'gpt-4o',
      messages: conversation({ content: '' }).messages,
      stream: false,
    });
    expect((alone.messages[0]!.content as unknown[]).map((p) => (p as { type: string }).type)).toEqual([
      'image_url',
      'image_url',
    ]);
    expect(body.messages[1]).toEqual({ role: 'assistant', content: 'A cat and a pixel.' });
  });

  it('are kept through a stored record, an export and a share link', async () => {
    const stored = readStoredConversation(JSON.parse(JSON.stringify(conversation())), 'c1', NOW);
    expect(stored.ok && stored.conversation.messages[0]!.images).toEqual(IMAGES);
    const text = exportConversation(conversation(), new Date(0));
    const back = parseConversationImport(text, defaults());
    expect(back.ok && back.conversation.messages[0]!.images).toEqual(IMAGES);
    const shared = await readSharedConversation(sharedData(`#${await shareFragment(text)}`)!, defaults());
    expect(shared.ok && shared.conversation.messages[0]!.images).toEqual(IMAGES);
  });

  it('are refused on another role, as no image URL, with an unknown detail, or past the most a message carries', () => {
    const onAssistant = conversation();
    onAssistant.messages[1] = { ...onAssistant.messages[1]!, images: [{ url: 'https://x.example/a.png' }] };
    expect(storedIssues(onAssistant).map((i) => i.path)).toEqual(['$.messages[1].images']);
    expect(storedIssues(onAssistant)[0]!.reason).toContain('only user messages carry images');

    const script = conversation({ images: [{ url: 'javascript:alert(1)' }] });
    expect(storedIssues(script)).toEqual([
      {
        path: '$.messages[0].images[0].url',
        reason: 'must be an http(s) URL or a data:image/...;base64 URL, not a javascript: URL',
      },
    ]);
    const notAnImage = conversation({ images: [{ url: 'data:text/html;base64,PGgxPg==' }] });
    expect(storedIssues(notAnImage).map((i) => i.path)).toEqual(['$.messages[0].images[0].url']);
    const detail = conversation({ images: [{ url: 'https://x.example/a.png', detail: 'max' as 'low' }] });
    expect(storedIssues(detail).map((i) => i.path)).toEqual(['$.messages[0].images[0].detail']);
    const notAList = { ...conversation(), messages: [{ ...conversation().messages[0], images: 'cat.png' }] };
    expect(storedIssues(notAList).map((i) => i.path)).toEqual(['$.messages[0].images']);
  });

  it('costs a hostile list its length only: a million images are one problem, no image looked at', () => {
    let reads = 0;
    const image = {
      get url() {
        reads += 1;
        return 'https://x.example/a.png';
      },
    };
    const many = conversation({ images: new Array<MessageImage>(1_000_000).fill(image) });
    const read = readStoredConversation(many, 'c1', NOW);
    expect(read.ok ? [] : read.issues).toEqual([
      {
        path: '$.messages[0].images',
        reason: `holds 1000000 images; a message carries at most ${MAX_MESSAGE_IMAGES}`,
      },
    ]);
    expect(reads).toBe(0);
  });

  it('go when an edit makes the message another role’s, and an edit may replace them', () => {
    const message = conversation().messages[0]!;
    expect(withEdit(message, { role: 'assistant' }).images).toBeUndefined();
    expect(withEdit(message, { content: 'And now?' }).images).toEqual(IMAGES);
    expect(withEdit(message, { images: [IMAGES[1]!] }).images).toEqual([IMAGES[1]]);
    expect('images' in withEdit(message, { images: [] })).toBe(false);
  });

  it('are read from an imported request body’s image_url parts, and other image shapes are named', () => {
    const body = {
      model: 'gpt-4o',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look' },
            { type: 'image_url', image_url: { url: 'https://x.example/a.png', detail: 'high' } },
          ],
        },
      ],
    };
    const read = parseConversationImport(JSON.stringify(body), defaults());
    expect(read.ok && read.conversation.messages[0]).toMatchObject({
      role: 'user',
      content: 'Look',
      images: [{ url: 'https://x.example/a.png', detail: 'high' }],
    });

    const other = {
      messages: [{ role: 'user', content: [{ type: 'input_image', image_url: 'https://x' }] }],
    };
    const refused = parseConversationImport(JSON.stringify(other), defaults());
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.issues.map((i) => i.reason).join(' ')).toContain(
      `Message 1: 'input_image' is another tool's way of writing an image`,
    );

    const onAssistant = {
      messages: [
        { role: 'user', content: 'Hi' },
        {
          role: 'assistant',
          content: [{ type: 'image_url', image_url: { url: 'https://x.example/a.png' } }],
        },
      ],
    };
    const held = parseConversationImport(JSON.stringify(onAssistant), defaults());
    expect(held.ok ? '' : held.issues.map((i) => i.reason).join(' ')).toContain(
      'Message 2 is an assistant message with images; the chat page keeps images on user messages only.',
    );
  });

  it('are counted in an imported request before any is read: too many in a message is one problem', () => {
    let reads = 0;
    const part = {
      type: 'image_url',
      get image_url() {
        reads += 1;
        return { url: 'https://x.example/a.png' };
      },
    };
    const body = { model: 'gpt-4o', messages: [{ role: 'user', content: new Array(100_000).fill(part) }] };
    const issues: { path: string; reason: string }[] = [];
    expect(readRequestBody(body, defaults(), issues)).toBeNull();
    expect(issues).toEqual([
      {
        path: '$.messages[0].content',
        reason: `Message 1 has 100000 images; the chat page keeps at most ${MAX_MESSAGE_IMAGES} a message.`,
      },
    ]);
    expect(reads).toBe(0);
  });

  it('make a share link no page could open refused when it is made, saying what to do', async () => {
    const big = conversation({ images: [{ url: `data:image/png;base64,${'A'.repeat(9 * 1024 * 1024)}` }] });
    await expect(shareFragment(exportConversation(big, new Date(0)))).rejects.toThrow(
      /a link carries at most 8\.0 MB: the page that opens it would refuse it\. Images attached as files make a conversation large; export it as a file instead\./,
    );
  });

  it('are written into the Markdown export after the text, labels and addresses escaped', () => {
    const markdown = conversationMarkdown(conversation());
    expect(markdown).toContain(
      `What is in these?\n\n![Image 1](<https://images.example/cat%20one.png>)\n![pixel \\[1\\].png](<${PIXEL}>)`,
    );
  });
});

describe('the images of an unsent message, read back from storage', () => {
  it('come back as kept', () => {
    expect(readDraftImages(JSON.stringify(IMAGES))).toEqual(IMAGES);
  });

  it('drop what is not an image this page could send, and read no more than a message carries', () => {
    const hostile = JSON.stringify([
      { url: 'javascript:alert(1)' },
      { url: 42 },
      null,
      'https://x.example/a.png',
      { url: 'https://x.example/b.png', detail: 'max', name: 7 },
      ...new Array(100).fill({ url: 'https://x.example/c.png' }),
    ]);
    const read = readDraftImages(hostile);
    expect(read[0]).toEqual({ url: 'https://x.example/b.png' });
    // The bad entries take no place: the list fills up to the most a message carries, and stops.
    expect(read).toHaveLength(MAX_MESSAGE_IMAGES);
    expect(read.slice(1).every((image) => image.url === 'https://x.example/c.png')).toBe(true);
    for (const text of [null, '', '{', '{"url": "https://x"}', '1e999'])
      expect(readDraftImages(text)).toEqual([]);
  });
});

describe('which models images go to', () => {
  it('auto: any model but the spec’s own, whose chat reads text; on and off as set', () => {
    expect(chatImagesRefusal(null, 'svc-chat')).toContain('svc-chat reads text only in chat');
    expect(chatImagesRefusal({ chatImages: 'auto' }, 'svc-reasoner')).toContain('Vision page');
    expect(chatImagesRefusal({}, 'gpt-4o')).toBeNull();
    expect(chatImagesRefusal({ chatImages: 'on' }, 'svc-chat')).toBeNull();
    expect(chatImagesRefusal({ chatImages: 'off' }, 'gpt-4o')).toContain('set to send no images');
    // An id that names an Object member is no model of the spec's.
    expect(chatImagesRefusal({}, 'constructor')).toBeNull();
  });
});
