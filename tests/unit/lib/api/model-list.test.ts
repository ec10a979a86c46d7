import { describe, expect, it } from 'vitest';
import { createClient, MAX_MODELS, readModelList } from '../../../../src/lib/api';
import { fakeFetch, json } from './fake-fetch';

describe('the model list, read at the edge', () => {
  it('keeps usable entries, makes an unusable created null, and counts what it leaves out', () => {
    const list = readModelList({
      object: 'list',
      data: [
        { id: 'a', object: 'model', created: 1e13, owned_by: 'x' },
        { id: 'b', created: 1735689600, owned_by: 7, extra: { nested: true } },
        { id: 'a', created: 0, owned_by: 'second a' },
        { id: 42 },
        { id: '' },
        null,
        'c',
        { id: 'd', created: '1735689600', description: { not: 'text' } },
        { id: 'e', created: -1 },
        { id: 'f', created: Number.NaN },
      ],
    });
    expect(list.data.map((m) => [m.id, m.created, m.owned_by])).toEqual([
      ['a', null, 'x'],
      ['b', 1735689600, ''],
      ['d', null, ''],
      ['e', null, ''],
      ['f', null, ''],
    ]);
    expect(list.data[1]?.extra).toEqual({ nested: true });
    expect(list.data[2]).not.toHaveProperty('description');
    expect(list.skipped).toBe(5);
  });

  it.each([null, 'list', [], { data: 'x' }, { data: { 0: { id: 'a' } } }])(
    'reads %j as an empty list rather than throwing',
    (body) => {
      expect(readModelList(body)).toEqual({ object: 'list', data: [], skipped: 0 });
    },
  );

  it('keeps a model whose id is __proto__ or constructor as plain data', () => {
    const list = readModelList(
      JSON.parse('{"data":[{"id":"__proto__"},{"id":"constructor","__proto__":{"x":1}}]}'),
    );
    expect(list.data.map((m) => m.id)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(list.data[1])).toBe(Object.prototype);
  });

  it(`lists at most ${MAX_MODELS} models, checking no more entries than that`, () => {
    const read = new Set<number>();
    const entries = Array.from({ length: MAX_MODELS * 4 }, (_, i) => ({
      get id() {
        read.add(i);
        return `m${i}`;
      },
    }));
    const list = readModelList({ data: entries });
    expect(list.data).toHaveLength(MAX_MODELS);
    expect(list.skipped).toBe(MAX_MODELS * 3);
    expect(read.size).toBe(MAX_MODELS);
  });

  it('checks what listModels and retrieveModel return', async () => {
    const { fetch } = fakeFetch((call) =>
      call.url.endsWith('/models')
        ? json({ data: [{ id: 'm', created: 1e13 }, { id: 'm' }] })
        : json({ id: 5, created: 1 }),
    );
    const client = createClient({ baseURL: 'http://h/v1', fetch, maxRetries: 0 });
    expect(await client.listModels()).toMatchObject({ data: [{ id: 'm', created: null }], skipped: 1 });
    await expect(client.retrieveModel('m')).rejects.toMatchObject({ kind: 'http', message: /not a model/ });
  });
});
