import { describe, expect, it } from 'vitest';
import type { Model } from '../../../src/lib/api';
import { filterModels } from '../../../src/features/models/filter-models';
import { createdDate } from '../../../src/features/models/model-dates';

function model(id: string, owned_by: string): Model {
  return { id, owned_by, object: 'model', created: 0, permission: [], root: id, parent: null };
}

const MODELS = [model('b-coder', 'acme'), model('a-chat', 'svc'), model('c-vision', 'acme')];

describe('filterModels', () => {
  it('keeps every model, sorted by id, for an empty filter', () => {
    expect(filterModels(MODELS, '  ').map((m) => m.id)).toEqual(['a-chat', 'b-coder', 'c-vision']);
  });

  it('matches every word against id or owner, ignoring case', () => {
    expect(filterModels(MODELS, 'ACME vision').map((m) => m.id)).toEqual(['c-vision']);
    expect(filterModels(MODELS, 'acme').map((m) => m.id)).toEqual(['b-coder', 'c-vision']);
    expect(filterModels(MODELS, 'svc coder')).toEqual([]);
  });
});

describe('createdDate', () => {
  it('shows Unix seconds as a UTC calendar date', () => {
    expect(createdDate(1735689600)).toBe('2025-01-01');
    expect(createdDate(Number.NaN)).toBe('unknown');
  });
});
