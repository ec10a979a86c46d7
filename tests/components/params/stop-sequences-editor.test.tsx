import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StopSequencesEditor, unescapeSequence, displaySequence } from '../../../src/components/params';

function Harness({ initial, onChange }: { initial?: string[]; onChange: (v: string[] | undefined) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <StopSequencesEditor
      value={value}
      max={2}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

function field() {
  return screen.getByRole('textbox', { name: /^stop/ });
}

describe('stop sequence escapes', () => {
  it('turns typed escapes into characters and back', () => {
    expect(unescapeSequence('\\n\\t\\r\\\\x\\q')).toBe('\n\t\r\\x\\q');
    expect(displaySequence('a\nb\tc\\')).toBe('a\\nb\\tc\\\\');
  });
});

describe('StopSequencesEditor', () => {
  it('adds a sequence with Enter, turning \\n into a newline, and shows it spelled out', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<Harness onChange={onChange} />);
    expect(screen.getByText('server default (none)')).toBeInTheDocument();
    await user.type(field(), '\\n###{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['\n###']);
    expect(screen.getByRole('list', { name: 'Stop sequences' })).toHaveTextContent('\\n###');
    expect(field()).toHaveValue('');
  });

  it('refuses an empty, duplicate or surplus sequence with the reason', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<Harness initial={['END']} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(field()).toHaveAccessibleDescription(/cannot be empty/);
    await user.type(field(), 'END{Enter}');
    expect(field()).toHaveAccessibleDescription(/"END" is already a stop sequence/);
    await user.clear(field());
    await user.type(field(), 'B{Enter}');
    await user.type(field(), 'C{Enter}');
    expect(field()).toHaveAccessibleDescription(/At most 2 stop sequences/);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(['END', 'B']);
  });

  it('unsets stop (undefined, so it is not sent) when the last sequence is removed', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<Harness initial={['END']} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Remove stop sequence END' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(screen.queryByRole('list', { name: 'Stop sequences' })).toBeNull();
  });
});
