import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PromptEditor, type PromptParts } from '../../../src/components/prompt';

function Harness({ initial, onChange }: { initial: PromptParts; onChange: (prompt: PromptParts) => void }) {
  const [prompt, setPrompt] = useState(initial);
  const id = useRef(0);
  return (
    <PromptEditor
      prompt={prompt}
      onChange={(next) => {
        setPrompt(next);
        onChange(next);
      }}
      newId={() => `new-${++id.current}`}
    />
  );
}

const EMPTY: PromptParts = { systemPrompt: '', fewShot: [], message: '' };

describe('PromptEditor', () => {
  it('gives the whole prompt back on every edit, the other parts as they were', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    const fewShot = [{ id: 'a', role: 'user' as const, content: 'Hi' }];
    render(<Harness initial={{ systemPrompt: 'Be brief.', fewShot, message: '' }} onChange={onChange} />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Go');
    expect(onChange).toHaveBeenLastCalledWith({ systemPrompt: 'Be brief.', fewShot, message: 'Go' });
    await user.type(screen.getByRole('textbox', { name: 'System prompt' }), '!');
    expect(onChange).toHaveBeenLastCalledWith({ systemPrompt: 'Be brief.!', fewShot, message: 'Go' });
  });

  it('adds examples that alternate roles, edits one by its place, and removes it', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<Harness initial={EMPTY} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Add user example' }));
    await user.click(screen.getByRole('button', { name: 'Add assistant example' }));
    const second = screen.getByRole('listitem', { name: 'Example 2' });
    expect(within(second).getByRole('combobox', { name: 'Role' })).toHaveValue('assistant');
    await user.type(within(second).getByRole('textbox', { name: 'Content' }), 'Hello');
    expect(onChange).toHaveBeenLastCalledWith({
      systemPrompt: '',
      fewShot: [
        { id: 'new-1', role: 'user', content: '' },
        { id: 'new-2', role: 'assistant', content: 'Hello' },
      ],
      message: '',
    });
    await user.click(screen.getByRole('button', { name: 'Remove Example 1' }));
    expect(onChange).toHaveBeenLastCalledWith({
      systemPrompt: '',
      fewShot: [{ id: 'new-2', role: 'assistant', content: 'Hello' }],
      message: '',
    });
  });
});
