import { describe, expect, it } from 'vitest';
import type { Model, ModelList } from '../../../src/protocol/wire';
import { errorOf, KEY, testApp } from '../support/test-app';

const auth = { headers: { authorization: `Bearer ${KEY}` } };

describe('model routes', () => {
  it('lists the five svc models with fixed fields and no description', async () => {
    const { app } = testApp();
    for (const prefix of ['', '/v1']) {
      const response = await app.request(`${prefix}/models`, auth);
      expect(response.status).toBe(200);
      const list = (await response.json()) as ModelList;
      expect(list.object).toBe('list');
      expect(list.data.map((m) => m.id)).toEqual([
        'svc-chat',
        'svc-reasoner',
        'svc-coder',
        'svc-vision',
        'svc-audio',
      ]);
      for (const model of list.data) {
        expect(model).toEqual({
          id: model.id,
          object: 'model',
          created: 1735689600,
          owned_by: 'svc',
          permission: [],
          root: model.id,
          parent: null,
        });
      }
    }
  });

  it('retrieves one model with the serving engine description', async () => {
    const { app } = testApp();
    const model = (await (await app.request('/v1/models/svc-reasoner', auth)).json()) as Model;
    expect(model).toMatchObject({
      id: 'svc-reasoner',
      object: 'model',
      root: 'svc-reasoner',
      parent: null,
      permission: [],
    });
    expect(model.description).toBe('fake engine for svc-reasoner');
  });

  it('says what to configure for a model no engine serves', async () => {
    const { app } = testApp();
    const model = (await (await app.request('/models/svc-audio', auth)).json()) as Model;
    expect(model.description).toMatch(/no engine.*SVC_UPSTREAM_URL/);
  });

  it('answers 404 model_not_found for an unknown id, even one with slashes or odd characters', async () => {
    const { app } = testApp();
    for (const id of ['svc-nope', 'svc-chat/extra', '%E2%9C%93', 'x'.repeat(500)]) {
      const response = await app.request(`/v1/models/${id}`, auth);
      expect(response.status, id).toBe(404);
      expect(await errorOf(response)).toMatchObject({
        code: 'model_not_found',
        type: 'invalid_request_error',
        param: 'model',
      });
    }
  });

  it('describes the default engines honestly when none are injected', async () => {
    const { createApp } = await import('../../../server/app');
    const { resolveConfig } = await import('../../../server/config');
    const app = createApp(resolveConfig({ SVC_API_KEYS: KEY }), { log: () => undefined });
    const model = (await (await app.request('/v1/models/svc-chat', auth)).json()) as Model;
    expect(model.description).toMatch(/reference engine/);
  });
});
