/**
 * The stored 200-message conversation the chat bench opens: deterministic markdown replies seeded
 * straight into IndexedDB, in the layout the app's storage reads.
 */
import type { Page } from 'playwright-core';

/** A deterministic stored conversation: 100 user + 100 assistant messages of markdown. */
export function seededConversation(now: number) {
  const paragraph = (i: number, j: number) =>
    `Paragraph ${j} of reply ${i}: the playground keeps every parameter you set and shows the reply as it streams, with **bold**, _emphasis_ and \`inline code\` mixed in so the renderer has work to do.`;
  const assistant = (i: number) =>
    [
      `## Reply ${i}`,
      ...Array.from({ length: 8 }, (_, j) => paragraph(i, j)),
      '| name | value | note |\n| --- | --- | --- |\n' +
        Array.from({ length: 6 }, (_, r) => `| row ${r} | ${r * i} | cell text ${r} |`).join('\n'),
      '```ts\n' +
        Array.from({ length: 12 }, (_, l) => `const value${l} = compute(${l}, ${i}); // line ${l}`).join(
          '\n',
        ) +
        '\n```',
      Array.from({ length: 6 }, (_, k) => `- item ${k} of list ${i} with a few words after it`).join('\n'),
      ...Array.from({ length: 4 }, (_, j) => paragraph(i, j + 8)),
    ].join('\n\n');
  const messages = [];
  for (let i = 0; i < 100; i++) {
    messages.push({
      id: `u${i}`,
      role: 'user',
      content: `Question ${i}: ${'tell me more about the playground and its parameters. '.repeat(6)}`,
      createdAt: now,
    });
    messages.push({
      id: `a${i}`,
      role: 'assistant',
      content: assistant(i),
      status: 'complete',
      model: 'svc-chat',
      finish_reason: 'stop',
      usage: { prompt_tokens: 100, completion_tokens: 900, total_tokens: 1000 },
      timings: { requestStartedAt: now - 2000, firstTokenAt: now - 1900, endedAt: now - 100 },
      createdAt: now,
    });
  }
  return {
    id: 'bench-200',
    title: 'Bench: 200 messages',
    createdAt: now,
    updatedAt: now + 1e9,
    model: 'svc-chat',
    systemPrompt: '',
    parameters: {},
    messages,
  };
}

/**
 * Seeds the conversation into `origin`'s IndexedDB (from a page that does not open it) and returns
 * its size in tokens, about four characters each.
 */
export async function seedStoredConversation(page: Page, origin: string): Promise<number> {
  await page.goto(new URL('/models', origin).href);
  const conversation = seededConversation(Date.now());
  return page.evaluate(async (record) => {
    // The same layout idb-keyval gives the app: database svc-playground, store conversations.
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('svc-playground');
      request.onupgradeneeded = () => request.result.createObjectStore('conversations');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction('conversations', 'readwrite');
    const store = tx.objectStore('conversations');
    store.put(record, `conversation:${record.id}`);
    store.put([{ id: record.id, title: record.title, updatedAt: record.updatedAt }], 'conversations:index');
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    return record.messages.reduce((sum, m) => sum + Math.round(m.content.length / 4), 0);
  }, conversation);
}
