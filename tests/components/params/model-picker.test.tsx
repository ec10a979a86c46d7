import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ModelPicker, purposesOfModel, type ModelPurpose } from '../../../src/components/params';
import { inProcessService, TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';

function Probe({ purpose, onChange }: { purpose: ModelPurpose; onChange: (v: string | undefined) => void }) {
  const [value, setValue] = useState<string | undefined>(undefined);
  return (
    <ModelPicker
      purpose={purpose}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

function renderPicker(purpose: ModelPurpose, fetch: typeof globalThis.fetch, onChange = vi.fn()) {
  addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
  renderApp({
    path: '/probe',
    fetch,
    extraRoutes: [{ path: 'probe', element: <Probe purpose={purpose} onChange={onChange} /> }],
  });
  return onChange;
}

/** A server that lists exactly these model ids. */
function listing(ids: string[]): typeof fetch {
  return (async () =>
    Response.json({
      object: 'list',
      data: ids.map((id) => ({
        id,
        object: 'model',
        created: 0,
        owned_by: 'x',
        permission: [],
        root: id,
        parent: null,
      })),
    })) as typeof fetch;
}

describe('purposesOfModel', () => {
  it('maps the svc models by name, others by id hints, and offers every page when the id says nothing', () => {
    expect(purposesOfModel('svc-reasoner')).toEqual(['chat']);
    expect(purposesOfModel('svc-audio')).toEqual(['audio']);
    expect(purposesOfModel('whisper-1')).toEqual(['audio']);
    expect(purposesOfModel('qwen2.5-coder-7b')).toEqual(['chat', 'code']);
    expect(purposesOfModel('qwen2-vl-7b')).toEqual(['chat', 'vision']);
    expect(purposesOfModel('llava-13b')).toEqual(['vision']);
    expect(purposesOfModel('m-42')).toEqual(['chat', 'code', 'vision', 'audio']);
  });
});

describe('ModelPicker', () => {
  it("offers the page's models first, then the rest, with the page default chosen", async () => {
    const onChange = renderPicker('vision', inProcessService().fetch);
    const select = await screen.findByRole('combobox', { name: 'Model' });
    expect(await within(select).findByRole('group', { name: 'Suited to vision' })).toHaveTextContent(
      'svc-vision',
    );
    const others = within(within(select).getByRole('group', { name: 'Other models' })).getAllByRole('option');
    expect(others.map((o) => o.textContent)).toEqual(
      ['svc-audio', 'svc-chat', 'svc-coder', 'svc-reasoner'].sort(),
    );
    expect(select).toHaveValue('svc-vision');
    await userEvent.setup({ delay: null }).selectOptions(select, 'svc-chat');
    expect(onChange).toHaveBeenLastCalledWith('svc-chat');
  });

  it('says when the connection lists no model suited to the page, and keeps the default usable', async () => {
    renderPicker('audio', listing(['gpt-4o-mini', 'codestral']));
    const select = await screen.findByRole('combobox', { name: 'Model' });
    expect(await screen.findByText(/lists no model suited to audio/)).toBeInTheDocument();
    expect(select).toHaveValue('svc-audio');
    expect(within(select).getByRole('option', { name: 'svc-audio (not listed)' })).toBeInTheDocument();
    expect(within(select).queryByRole('group', { name: 'Suited to audio' })).toBeNull();
  });
});
