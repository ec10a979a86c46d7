/**
 * Renders /chat against the real local service in process, with every chat request body and its
 * abort signal recorded, optional injected engines (createApp deps), and a fresh IndexedDB per call
 * unless `keepStorage` (the remount test).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatImagesChoice, FunctionDialectChoice } from '../../../src/lib/connection';
import { IDBFactory } from 'fake-indexeddb';
import { createApp, type ModelEngines } from '../../../server/app';
import { resolveConfig } from '../../../server/config';
import { preloadSidePanelSections } from '../../../src/features/chat/components/side-panel-sections';
import { preloadImportExport } from '../../../src/features/chat/page/conversation-sidebar';
import { preloadConversationList } from '../../../src/features/chat/page/chat-page';
import { preloadParametersPanel } from '../../../src/features/chat/page/side-panel';
import type { AppStores } from '../../../src/stores';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';

export interface ChatRequestRecord {
  body: Record<string, unknown>;
  signal: AbortSignal;
}

export interface ChatServiceOptions {
  env?: Record<string, string>;
  engines?: Partial<ModelEngines>;
  /** Answers instead of the service (crafted failures); return null to let the service answer. */
  intercept?: (request: Request) => Response | Promise<Response> | null;
}

/** The in-process service with request recording. */
export function chatService(options: ChatServiceOptions = {}) {
  const app = createApp(resolveConfig({ SVC_API_KEYS: TEST_KEY, ...options.env }), {
    log: () => {},
    ...(options.engines ? { engines: options.engines } : {}),
  });
  const requests: ChatRequestRecord[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.headers.has('host')) request.headers.set('host', new URL(request.url).host);
    if (request.method === 'POST' && request.url.endsWith('/chat/completions')) {
      const text = await request.clone().text();
      requests.push({ body: JSON.parse(text) as Record<string, unknown>, signal: request.signal });
    }
    const crafted = options.intercept?.(request);
    if (crafted) return crafted;
    return app.fetch(request);
  }) as typeof fetch;
  return { fetch: fetchImpl, requests };
}

export type ChatService = ReturnType<typeof chatService>;

/** Opens /chat with a connection to `service` and waits until a conversation is open. */
export async function openChat(
  service: ChatService,
  {
    keepStorage = false,
    apiKey = TEST_KEY,
    stores,
    functionDialect,
    chatImages,
    path = '/chat',
  }: {
    /** The address opened: /chat, or a conversation's /chat/:id. */
    path?: string;
    keepStorage?: boolean;
    apiKey?: string;
    stores?: AppStores;
    functionDialect?: FunctionDialectChoice;
    /** Whether chat messages may carry images on the connection (absent: auto). */
    chatImages?: ChatImagesChoice;
  } = {},
) {
  if (!keepStorage) globalThis.indexedDB = new IDBFactory();
  // The side panel's sections load after the page; here they are loaded first, so a test that opens
  // one finds it there (the page itself shows 'Loading…' meanwhile).
  await preloadSidePanelSections();
  await preloadImportExport();
  // The list and the parameters too follow the page.
  await preloadConversationList();
  await preloadParametersPanel();
  // The service here is the local service, in-process: its connection is the one it adds itself.
  addConnection({
    baseURL: TEST_BASE_URL,
    apiKey,
    origin: 'local-service',
    ...(functionDialect ? { functionDialect } : {}),
    ...(chatImages ? { chatImages } : {}),
  });
  const utils = renderApp({ path, fetch: service.fetch, ...(stores ? { stores } : {}) });
  await screen.findByRole('textbox', { name: 'Message' }, { timeout: 60_000 });
  return { ...utils, user: userEvent.setup({ delay: null }) };
}

/** Types a message and sends it with Enter. */
export async function send(user: ReturnType<typeof userEvent.setup>, text: string) {
  const box = await screen.findByRole('textbox', { name: 'Message' });
  await user.click(box);
  await user.type(box, text);
  await user.keyboard('{Enter}');
}

/** The transcript's rows (its direct items: replies hold lists of their own). */
export function rows(): HTMLElement[] {
  const list = screen.queryByRole('list', { name: 'Transcript' });
  return list ? ([...list.children] as HTMLElement[]) : [];
}

/**
 * Waits until the last row is an assistant reply with a final status, and everything in it that
 * loads on demand (a function-call card, the JSON view, the schema checker) has arrived; returns it.
 */
export async function finishedReply(status = 'complete', timeout = 15_000): Promise<HTMLElement> {
  let last: HTMLElement | undefined;
  await waitFor(
    () => {
      last = rows().at(-1);
      if (!last || last.dataset.role !== 'assistant' || last.dataset.status !== status)
        throw new Error(
          `last row is ${last?.dataset.role}/${last?.dataset.status}, waiting for assistant/${status}`,
        );
      if (last.querySelector('[data-part-pending]'))
        throw new Error('the last reply has a part still loading');
    },
    { timeout },
  );
  return last!;
}

const INSPECTOR_TABS = {
  functions: 'Functions',
  'json-mode': 'JSON',
  wire: 'Wire',
  parameters: 'Parameters',
};

/** Opens a tab of the chat inspector (Parameters, Functions, JSON, Wire) and returns its panel. */
export async function openInspectorTab(
  user: { click: (element: Element) => Promise<void> },
  id: keyof typeof INSPECTOR_TABS,
): Promise<HTMLElement> {
  const name = INSPECTOR_TABS[id];
  await user.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}
