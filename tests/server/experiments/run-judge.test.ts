/** The model-graded check: its judge request goes through the engine, and its verdict grades the cell. */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../src/lib/api';
import { runExperiment } from '../../../src/lib/experiments/run';
import { scriptedChatEngine, USAGE } from '../support/fake-engines';
import { KEY, testApp } from '../support/test-app';
import type { ConnectClient } from '../../../src/lib/experiments/run-types';
import { cityExperiment, manualClock, memoryStore } from './run-support';

describe('runExperiment: llm-rubric', () => {
  it('asks the judge for each reply and grades by its verdict (passing one city, failing another)', async () => {
    const clock = manualClock();
    const chat = scriptedChatEngine((request) => {
      const last = String(request.messages.at(-1)?.content ?? '');
      if (!String(request.messages[0]?.content ?? '').startsWith('You grade'))
        return [
          { type: 'text', text: `Hello from ${last}` },
          { type: 'finish', finish_reason: 'stop', usage: USAGE },
        ];
      const pass = last.includes('City 1.');
      return [
        { type: 'text', text: JSON.stringify({ pass, score: pass ? 1 : 0, reason: 'judged' }) },
        { type: 'finish', finish_reason: 'stop', usage: USAGE },
      ];
    });
    const { app } = testApp({}, { now: clock.now, engines: { 'svc-chat': chat.engine } });
    const judged: string[] = [];
    const connect: ConnectClient = (connection, hooks) =>
      createClient({
        baseURL: connection.baseURL,
        apiKey: KEY,
        maxRetries: 0,
        fetch: async (input, init) => app.fetch(new Request(input, init)),
        ...hooks,
      });
    const judge = {
      connection: { baseURL: 'http://127.0.0.1:9/v1', apiKeyEnv: 'SVC_API_KEY' },
      model: 'svc-chat',
    };
    const { experiment, checks, rows } = cityExperiment(2, ['a'], 1, {
      judge,
      checks: [{ type: 'llm-rubric', value: 'Greets the city by name.' }],
    });
    const run = await runExperiment({
      experiment,
      checks,
      rows,
      connect,
      store: memoryStore(),
      now: clock.now,
      sleep: clock.sleep,
    });
    for (const call of chat.calls)
      if (call.request.messages.length === 2) judged.push(String(call.request.messages[1]?.content));
    expect(chat.calls).toHaveLength(4);
    expect(judged).toHaveLength(2);
    expect(judged[0]).toContain('Hello from Tell me about City');
    const grades = run.cells.map((cell) => run.results.get(cell.id)!.grade);
    expect(grades.map((g) => g.pass)).toEqual([true, false]);
    expect(grades.map((g) => g.pending)).toEqual([[], []]);
    expect(grades[0]!.results[0]!.reason).toMatch(/the judge: judged/);
    // Each cell keeps the request that asked its judge (the page ties it to the cell's Wire tab).
    const asked = run.cells.map((cell) => run.results.get(cell.id)!.judgeRequests ?? []);
    expect(asked.map((requests) => requests.length)).toEqual([1, 1]);
    expect(String(asked[0]![0]!.messages[1]?.content)).toBe(judged[0]);
  });
});
