import { describe, expect, it } from 'vitest';
import { checkNumber as checkParameterText } from '../../../src/components/params';
import { describeInvalidParameters } from '../../../src/features/chat/params/use-parameter-problem';
import { localService, session } from './session-harness';

const temperature = { min: 0, max: 2 };
const seed = { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER, integer: true };

describe('checkParameterText', () => {
  it('reads empty as unset and plain numbers inside the rule as themselves', () => {
    expect(checkParameterText(' ', temperature)).toEqual({ ok: true, value: undefined });
    expect(checkParameterText('0.50', temperature)).toEqual({ ok: true, value: 0.5 });
    expect(checkParameterText('-42', seed)).toEqual({ ok: true, value: -42 });
  });

  it('refuses unfinished input instead of reading it as the number it might become', () => {
    for (const text of ['1.', '-', '+', '.', '1e', '1e-']) {
      expect(checkParameterText(text, temperature)).toEqual({
        ok: false,
        reason: `"${text}" is unfinished: type a number from 0 to 2.`,
      });
    }
  });

  it('names the allowed range in every refusal', () => {
    expect(checkParameterText('abc', temperature)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not a number: type a number from 0 to 2'),
    });
    expect(checkParameterText('0x1', temperature)).toMatchObject({ ok: false });
    expect(checkParameterText('2.01', temperature)).toEqual({
      ok: false,
      reason: 'Must be a number from 0 to 2; 2.01 is outside.',
    });
    expect(checkParameterText('1.5', seed)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(
        /^Must be a whole number from -9007199254740991 to 9007199254740991; 1.5 has/,
      ),
    });
    // Past the safe integers a JSON number no longer carries the digits typed.
    expect(checkParameterText('9007199254740993', seed)).toMatchObject({ ok: false });
    expect(checkParameterText('1e400', temperature)).toMatchObject({ ok: false });
  });

  it('says which parameters to fix beside Send, one sentence each', () => {
    expect(describeInvalidParameters({})).toBeNull();
    expect(
      describeInvalidParameters({
        temperature: { text: '3', reason: 'Must be a number from 0 to 2; 3 is outside.' },
        seed: { text: '1.', reason: '"1." is unfinished: type a whole number.' },
      }),
    ).toBe(
      'Fix temperature: must be a number from 0 to 2; 3 is outside. Fix seed: "1." is unfinished: type a whole number.',
    );
  });
});

describe('chat sessions store: an invalid parameter', () => {
  const invalid = { text: '3', reason: 'Must be a number from 0 to 2; 3 is outside.' };

  it('stops send, regenerate and continue from changing the transcript or sending', async () => {
    const service = localService();
    const chat = session(service, { parameters: { temperature: 1 } });
    await chat.send('First');
    expect(service.requests).toHaveLength(1);
    const before = chat.getSnapshot().messages;

    chat.setInvalidParameter('temperature', invalid);
    await chat.send('Second');
    await chat.regenerate();
    await chat.continueFrom(before[0]!.id);
    expect(service.requests).toHaveLength(1);
    expect(chat.getSnapshot().messages).toBe(before);

    chat.setInvalidParameter('temperature', null);
    await chat.regenerate();
    expect(service.requests).toHaveLength(2);
    expect(service.requests[1]!.body).toMatchObject({ temperature: 1 });
  });

  it('is no longer invalid once the parameter gets a value from anywhere', () => {
    const chat = session(localService(), { parameters: { temperature: 1 } });
    chat.setInvalidParameter('temperature', invalid);
    chat.setInvalidParameter('seed', { text: '1.5', reason: 'Must be a whole number.' });
    chat.setOptions({ parameters: { temperature: 1, top_p: 0.5 } });
    expect(Object.keys(chat.getSnapshot().invalidParameters)).toEqual(['temperature', 'seed']);
    chat.setOptions({ parameters: { temperature: 0.2 } });
    expect(Object.keys(chat.getSnapshot().invalidParameters)).toEqual(['seed']);
  });
});
