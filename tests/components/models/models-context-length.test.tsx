import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTEXT_LENGTH } from '../../../server/config';
import { LOCAL_SERVICE_CONTEXT_LENGTH } from '../../../src/stores/use-context-length';
import { inProcessService, TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { eventually } from '../../support/eventually';

describe('models page: context length', () => {
  it('shows the limit the local service enforces on its own models, where its list states none', async () => {
    expect(LOCAL_SERVICE_CONTEXT_LENGTH).toBe(DEFAULT_CONTEXT_LENGTH);
    addConnection({
      name: 'Local service',
      baseURL: TEST_BASE_URL,
      apiKey: TEST_KEY,
      origin: 'local-service',
    });
    renderApp({ path: '/models', fetch: inProcessService().fetch });
    await screen.findByRole('table', {}, { timeout: 60_000 });
    const chatRow = screen.getByRole('link', { name: 'svc-chat' }).closest('tr')!;
    await eventually(() =>
      expect(within(chatRow).getAllByRole('cell')[3]).toHaveTextContent(
        "131,072 tokens (the local service's limit)",
      ),
    );
  });
});
