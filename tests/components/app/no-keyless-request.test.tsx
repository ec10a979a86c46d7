import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCAL_SERVICE_NAME } from '../../../src/stores';
import { addConnection, renderApp } from '../support/render-app';
import { inProcessService, TEST_KEY } from '../support/local-service';

const PAGE_ORIGIN = 'http://127.0.0.1:8787';

describe('a reload on the local service’s page', () => {
  it('sends no request without the key: the model list waits for the bootstrap to give it', async () => {
    const service = inProcessService({}, '127.0.0.1');
    // What a reload leaves behind: the local entry, active, without its in-memory key.
    addConnection({ name: LOCAL_SERVICE_NAME, baseURL: `${PAGE_ORIGIN}/v1`, origin: 'local-service' });
    renderApp({ fetch: service.fetch, bootstrapOrigin: PAGE_ORIGIN });
    expect(await screen.findByText('Healthy · 5 models')).toBeInTheDocument();
    const apiRequests = service.received.filter((r) => r.url.startsWith(`${PAGE_ORIGIN}/v1/`));
    expect(apiRequests.length).toBeGreaterThan(0);
    for (const request of apiRequests)
      expect(request, request.url).toEqual(expect.objectContaining({ authorization: `Bearer ${TEST_KEY}` }));
  });
});
