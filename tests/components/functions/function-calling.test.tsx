import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  chatService,
  finishedReply,
  openChat,
  rows,
  send,
  openInspectorTab,
} from '../chat-page/chat-harness';
import { callSequenceEngine } from './scripted-engines';

async function openFunctions(user: { click: (el: Element) => Promise<void> }) {
  const section = await openInspectorTab(user, 'functions');
  return section;
}

function addTemplate(section: HTMLElement, id: string) {
  fireEvent.change(within(section).getByRole('combobox', { name: 'Add a template' }), {
    target: { value: id },
  });
}

describe('function calling on the chat page', () => {
  it('defines a function from a template, gets a function call from the local service, and the arguments validate', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    const section = await openFunctions(user);
    addTemplate(section, 'weather');
    await screen.findByText(/1 function\(s\) defined, all valid/);
    await send(user, 'What is the weather in Paris? Use get_current_weather.');
    const reply = await finishedReply();
    const card = within(reply).getByRole('region', { name: 'Function call get_current_weather' });
    expect(within(card).getByRole('tree', { name: 'Arguments of get_current_weather' })).toBeInTheDocument();
    expect(within(card).getByRole('status').textContent).toMatch(
      /match the parameters of get_current_weather/,
    );
    const body = service.requests[0]!.body as { functions: { name: string }[] };
    expect(body.functions.map((f) => f.name)).toEqual(['get_current_weather']);
  });

  it('lists each violation with its path when the arguments break the schema', async () => {
    const scripted = callSequenceEngine([
      { name: 'get_current_weather', arguments: '{"unit": "kelvin", "city": 7}' },
    ]);
    const service = chatService({ engines: { 'svc-chat': scripted.engine } });
    const { user } = await openChat(service);
    addTemplate(await openFunctions(user), 'weather');
    await send(user, 'Weather please');
    const reply = await finishedReply();
    const violations = within(reply).getByRole('list', { name: 'Argument violations' });
    const text = violations.textContent ?? '';
    expect(text).toContain('city must be string');
    expect(text).toContain('unit must be one of "celsius", "fahrenheit"');
  });

  it('shows arguments that are not JSON raw, with the parse error position marked', async () => {
    const scripted = callSequenceEngine([{ name: 'get_current_weather', arguments: '{"city": Paris}' }]);
    const service = chatService({ engines: { 'svc-chat': scripted.engine } });
    const { user } = await openChat(service);
    addTemplate(await openFunctions(user), 'weather');
    await send(user, 'Weather please');
    const reply = await finishedReply();
    expect(within(reply).getByRole('alert').textContent).toMatch(/not valid JSON: .* at line 1, column 10/);
    expect(within(reply).getByTestId('json-break').textContent).toBe('P');
  });

  it('sends the result back with role function and name, and gets the final answer', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    addTemplate(await openFunctions(user), 'weather');
    await send(user, 'What is the weather in Paris? Use get_current_weather.');
    const call = await finishedReply();
    const result = within(call).getByRole('textbox', { name: 'Result of get_current_weather' });
    await user.type(result, '{{"temperature": 21}');
    await user.click(within(call).getByRole('button', { name: 'Send result' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    const answer = await finishedReply();
    expect(answer.textContent).toContain('temperature');
    const messages = service.requests[1]!.body.messages as Record<string, unknown>[];
    expect(messages.at(-1)).toEqual({
      role: 'function',
      name: 'get_current_weather',
      content: '{"temperature": 21}',
    });
    // Typed by a person: no mark of a mock.
    expect(within(rows()[2]!).queryByText('mock result')).toBeNull();
    expect(messages.at(-2)).toMatchObject({
      role: 'assistant',
      content: null,
      function_call: { name: 'get_current_weather' },
    });
  });

  it('auto-runs a two-step loop from mock results and shows every step on the timeline', async () => {
    const scripted = callSequenceEngine(
      [
        { name: 'search_documents', arguments: '{"query": "rain", "scope": "titles"}' },
        { name: 'calculate', arguments: '{"expression": "2 * 21"}' },
      ],
      'The answer is 42.',
    );
    const service = chatService({ engines: { 'svc-chat': scripted.engine } });
    const { user } = await openChat(service);
    const section = await openFunctions(user);
    addTemplate(section, 'search');
    addTemplate(section, 'calculator');
    await screen.findByText(/2 function\(s\) defined, all valid/);
    fireEvent.change(within(section).getByRole('textbox', { name: /Mock result of search_documents/ }), {
      target: { value: '{"hits": 3}' },
    });
    fireEvent.change(within(section).getByRole('textbox', { name: /Mock result of calculate/ }), {
      target: { value: '42' },
    });
    await user.click(within(section).getByRole('checkbox', { name: /Auto-run/ }));
    await send(user, 'Find and compute');
    await waitFor(() => expect(rows().at(-1)?.textContent).toContain('The answer is 42.'), {
      timeout: 60_000,
    });
    const timeline = within(section).getByRole('list', { name: 'Auto-run timeline' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps).toHaveLength(2);
    expect(steps[0]!.textContent).toContain('search_documents');
    expect(steps[0]!.textContent).toContain('{"hits": 3}');
    expect(steps[1]!.textContent).toContain('calculate');
    expect(service.requests).toHaveLength(3);
    const last = service.requests[2]!.body.messages as Record<string, unknown>[];
    expect(last.map((m) => m.role)).toEqual(['user', 'assistant', 'function', 'assistant', 'function']);
    // The transcript says which results were the mocks', and the mark stays off the wire.
    const results = rows().filter((row) => row.getAttribute('data-role') === 'function');
    expect(results.map((row) => within(row).queryByText('mock result') !== null)).toEqual([true, true]);
    expect(last.every((m) => !('answeredBy' in m))).toBe(true);
  });

  it('blocks sending while a definition is invalid, with the error on its line', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    const section = await openFunctions(user);
    const file = new File(['[\n  {"name": "bad name"}\n]'], 'functions.json', { type: 'application/json' });
    await user.upload(within(section).getByLabelText('Import JSON'), file);
    const problems = await within(section).findByRole('list', {
      name: 'Problems in the function definitions',
    });
    expect(problems.textContent).toMatch(
      /^Line 2: '\[0\]\.name' must be 1-64 letters, digits, underscores or dashes/,
    );
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByText(/Fix the function definitions before sending: line 2/)).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(service.requests).toHaveLength(0);
    await waitFor(() => expect(section.querySelector('.cm-lintRange-error')).not.toBeNull());
  });
});

describe('function calling in the tools dialect', () => {
  it('shows two parallel calls as two cards and sends both results with their tool_call_id in one request', async () => {
    const service = chatService();
    const { user } = await openChat(service, { functionDialect: 'tools' });
    const section = await openFunctions(user);
    addTemplate(section, 'weather');
    addTemplate(section, 'calculator');
    await screen.findByText(/2 function\(s\) defined, all valid/);
    await send(user, 'Use get_current_weather for Paris and calculate 2 * 21.');
    const reply = await finishedReply();

    const first = service.requests[0]!.body;
    expect(first.functions).toBeUndefined();
    expect((first.tools as { function: { name: string } }[]).map((t) => t.function.name)).toEqual([
      'get_current_weather',
      'calculate',
    ]);
    const weather = within(reply).getByRole('region', { name: /^Function call get_current_weather \(/ });
    const calc = within(reply).getByRole('region', { name: /^Function call calculate \(/ });
    expect(within(weather).getByRole('status').textContent).toMatch(/match the parameters/);
    expect(within(calc).getByRole('status').textContent).toMatch(/match the parameters/);

    await user.type(within(calc).getByRole('textbox', { name: 'Result of calculate' }), '42');
    await user.click(within(calc).getByRole('button', { name: 'Send result' }));
    // One result of two: nothing is sent yet, and the other card still asks for its result.
    await screen.findByText(/1 result still to give/);
    expect(service.requests).toHaveLength(1);

    await user.type(within(weather).getByRole('textbox', { name: 'Result of get_current_weather' }), '21');
    await user.click(within(weather).getByRole('button', { name: 'Send result' }));
    await waitFor(() => expect(service.requests).toHaveLength(2));
    await finishedReply();

    const calls = replyCalls(reply);
    const messages = service.requests[1]!.body.messages as Record<string, unknown>[];
    const assistant = messages.at(-3) as {
      role: string;
      tool_calls: { id: string; function: { name: string } }[];
    };
    expect(assistant.role).toBe('assistant');
    expect(assistant.tool_calls.map((c) => c.function.name)).toEqual(['get_current_weather', 'calculate']);
    const idOf = (name: string) => assistant.tool_calls.find((c) => c.function.name === name)!.id;
    expect(new Set(assistant.tool_calls.map((c) => c.id)).size).toBe(2);
    // The results follow their calls in the order they were given, each naming its call.
    expect(messages.slice(-2)).toEqual([
      { role: 'tool', tool_call_id: idOf('calculate'), content: '42' },
      { role: 'tool', tool_call_id: idOf('get_current_weather'), content: '21' },
    ]);
    expect(calls).toEqual(assistant.tool_calls.map((c) => c.id));
    expect(within(reply).getAllByText('Result given (the tool message below).')).toHaveLength(2);
    expect(rows().filter((row) => row.dataset.role === 'tool')).toHaveLength(2);
  });
});

describe('auto-run in the tools dialect', () => {
  it('answers both parallel calls from their mocks and asks for the next reply once, with both results', async () => {
    const service = chatService();
    const { user } = await openChat(service, { functionDialect: 'tools' });
    const section = await openFunctions(user);
    addTemplate(section, 'weather');
    addTemplate(section, 'calculator');
    await screen.findByText(/2 function\(s\) defined, all valid/);
    fireEvent.change(within(section).getByRole('textbox', { name: /Mock result of get_current_weather/ }), {
      target: { value: '21' },
    });
    fireEvent.change(within(section).getByRole('textbox', { name: /Mock result of calculate/ }), {
      target: { value: '42' },
    });
    await user.click(within(section).getByRole('checkbox', { name: /Auto-run/ }));
    await send(user, 'Use get_current_weather for Paris and calculate 2 * 21.');
    await waitFor(() => expect(service.requests).toHaveLength(2), { timeout: 60_000 });
    await finishedReply();
    const messages = service.requests[1]!.body.messages as { role: string; content: string }[];
    expect(messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual(['21', '42']);
    const steps = within(within(section).getByRole('list', { name: 'Auto-run timeline' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('get_current_weather'),
      expect.stringContaining('calculate'),
    ]);
    expect(service.requests).toHaveLength(2);
    const results = rows().filter((row) => row.getAttribute('data-role') === 'tool');
    expect(results.map((row) => within(row).queryByText('mock result') !== null)).toEqual([true, true]);
  });
});

/** The call ids the reply's cards show. */
function replyCalls(reply: HTMLElement): string[] {
  return within(reply)
    .getAllByRole('region', { name: /^Function call / })
    .map((card) => /\((.+)\)$/.exec(card.getAttribute('aria-label') ?? '')![1]!);
}
