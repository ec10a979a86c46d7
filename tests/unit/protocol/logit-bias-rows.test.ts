import { describe, expect, it } from 'vitest';
import { refuseBiasEntry } from '../../../src/features/chat/params/logit-bias-editor';
import { checkChatRequest } from '../../../src/protocol/request-rules';

const rules = (token: string) =>
  checkChatRequest(
    { messages: [{ role: 'user', content: 'Hi' }], logit_bias: { [token]: 1 } },
    { metaSchema: () => [], limit: 10 },
  ).problems;

describe("the logit_bias rows take the token ids the request's rules take", () => {
  it.each(['0', '50256', '9999999', '12345678', '-1', 'abc', '1.5', ''])('token %j', (token) => {
    const row = refuseBiasEntry(token, '1', {});
    expect(row === null, `row: ${row}`).toBe(rules(token).length === 0);
  });
});
