/**
 * The model-graded check in the page: an llm-rubric check judged by the connection and model chosen
 * in the Parameters tab grades each cell, and each judge request shows in that cell's Wire tab beside
 * the cell's own exchange, like any other.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { compareService, scriptedEngine } from '../compare/compare-service';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import type { ChatEngine, EngineEvent } from '../../../server/engines/engine';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const JUDGE_BASE_URL = 'http://judge.test/v1';

/** A judge that passes a reply naming the country the question expects, as a JSON verdict. */
const judgeEngine: ChatEngine = {
  describe: () => 'A test judge.',
  async *generate(request): AsyncIterable<EngineEvent> {
    const asked = request.messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');
    const expected = /The answer should be (\w+)/.exec(asked)?.[1] ?? '?';
    const reply = /<(reply-[0-9a-z]+)>\n([\s\S]*?)\n<\/\1>/.exec(asked)?.[2] ?? '';
    const pass = reply.includes(expected);
    yield {
      type: 'text',
      text: JSON.stringify({
        pass,
        score: pass ? 1 : 0,
        reason: `the reply ${pass ? 'names' : 'does not name'} ${expected}`,
      }),
    };
    yield {
      type: 'finish',
      finish_reason: 'stop',
      usage: { prompt_tokens: 9, completion_tokens: 9, total_tokens: 18 },
    };
  },
};

describe('a model-graded check in the page', () => {
  it('grades each cell by the chosen judge connection and model, and shows the judge request in the cell’s Wire tab', async () => {
    const user = userEvent.setup({ delay: null });
    // Variant 1 (temperature 0) names France for every row, variant 2 names Italy.
    const service = compareService({
      'svc-chat': scriptedEngine({ 0: 'Paris is in France.', 1: 'Rome is in Italy.' }),
    });
    const judge = compareService({ 'svc-chat': judgeEngine });
    const fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      (new Request(input, init).url.startsWith(JUDGE_BASE_URL) ? judge : service).fetch(
        input,
        init,
      )) as typeof globalThis.fetch;
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    addConnection({ name: 'Judge', baseURL: JUDGE_BASE_URL, apiKey: TEST_KEY });
    renderApp({ path: '/experiments', fetch });
    // A hang guard, not a speed limit: the page's chunk can take seconds to load on a busy machine.
    await screen.findByRole('heading', { name: 'Experiments', level: 1 }, { timeout: 60_000 });

    const check = await screen.findByRole('listitem', { name: 'Check 1' });
    await user.selectOptions(within(check).getByLabelText('Type'), 'llm-rubric');
    const value = within(check).getByLabelText(/^Value/);
    await user.clear(value);
    await user.type(value, 'Names the country the city is in.');
    const inspector = screen.getByRole('complementary', { name: 'Inspector' });
    await user.click(within(inspector).getByRole('tab', { name: 'Parameters' }));
    await user.selectOptions(
      within(inspector).getByLabelText('Judge connection (llm-rubric checks)'),
      'Judge',
    );
    const model = within(inspector).getByLabelText('Judge model (llm-rubric checks)');
    await user.clear(model);
    await user.type(model, 'svc-chat');

    const run = screen.getByRole('button', { name: 'Run' });
    await waitFor(() => expect(run).toBeEnabled());
    await user.click(run);
    await waitFor(() =>
      expect(screen.getByTestId('run-counts').textContent).toMatch(
        /^4 of 4 cells · 2 passed · 2 failed · 0 errors/,
      ),
    );
    // Four cells on the variants' connection, four judge requests on the judge's, none crossed.
    expect(service.bodies).toHaveLength(4);
    expect(service.bodies.every((b) => b.response_format === undefined)).toBe(true);
    expect(judge.bodies).toHaveLength(4);
    for (const body of judge.bodies) {
      expect(body.model).toBe('svc-chat');
      expect(body.temperature).toBe(0);
      expect(body.response_format).toEqual({ type: 'json_object' });
    }

    const matrix = screen.getByRole('table', { name: 'Results' });
    await user.click(within(matrix).getByRole('button', { name: /^Row 2, .*temperature 0: failed$/ }));
    const detail = screen.getByRole('region', { name: 'Selected cell' });
    expect(detail.textContent).toContain('the judge: the reply does not name Italy');

    // The Wire tab shows this cell's exchanges: its own request and the judge's.
    const wire = await within(inspector).findByRole('region', { name: 'Wire pane' });
    const exchanges = within(wire).getByLabelText('Exchange');
    await waitFor(() => expect(within(exchanges).getAllByRole('option')).toHaveLength(2));
    // The judge's exchange is the later one, shown first.
    await waitFor(() => expect(wire.textContent).toContain(`${JUDGE_BASE_URL}/chat/completions`));
    await user.click(within(wire).getAllByRole('button', { name: 'Raw' })[0]!);
    expect(wire.textContent).toContain('Rubric:');
    expect(wire.textContent).toContain('Names the country the city is in.');
    const [, own] = within(exchanges).getAllByRole('option') as HTMLOptionElement[];
    await user.selectOptions(exchanges, own!.value);
    await waitFor(() => expect(wire.textContent).toContain(`${TEST_BASE_URL}/chat/completions`));
    await user.click(within(wire).getAllByRole('button', { name: 'Raw' })[0]!);
    expect(wire.textContent).toContain('Which country is Rome in? The answer should be Italy.');
  });
});
