import { describe, expect, it } from 'vitest';
import { effectiveChatParameters } from '../../../src/stores/effective-parameters';

describe('effective chat parameters', () => {
  it('sends nothing for temperature and max_tokens when neither the page nor the defaults set them', () => {
    const result = effectiveChatParameters({ top_p: 0.9 }, {});
    expect(result).toEqual({ top_p: 0.9 });
    expect('temperature' in result).toBe(false);
    expect('max_tokens' in result).toBe(false);
  });

  it('fills unset values from the configured defaults', () => {
    expect(effectiveChatParameters({}, { temperature: 0.7, max_tokens: 1024 })).toEqual({
      temperature: 0.7,
      max_tokens: 1024,
    });
  });

  it('prefers the page’s own value, including 0, over the default', () => {
    expect(effectiveChatParameters({ temperature: 0 }, { temperature: 0.7 })).toEqual({ temperature: 0 });
  });
});
