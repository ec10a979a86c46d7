import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { checkNumber, NumberParameter } from '../../../src/components/params';

function Harness({ initial, onChange }: { initial?: number; onChange: (v: number | undefined) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <NumberParameter
      name="temperature"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
      min={0}
      max={2}
      serverDefault="0.2"
    />
  );
}

function input() {
  return screen.getByRole('textbox', { name: /^temperature/ });
}

describe('checkNumber', () => {
  it('reads an empty field as unset', () => {
    expect(checkNumber('  ', { min: 0, max: 2 })).toEqual({ ok: true, value: undefined });
  });
  it('refuses text, hex, fractions of whole-number parameters and out-of-range values with reasons', () => {
    expect(checkNumber('abc', { min: 0, max: 2 })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not a number/),
    });
    expect(checkNumber('0x1', { min: 0, max: 2 })).toMatchObject({ ok: false });
    expect(checkNumber('1.5', { min: 1, max: 10, integer: true })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/whole number/),
    });
    expect(checkNumber('3', { min: 0, max: 2 })).toMatchObject({
      ok: false,
      reason: 'Must be a number from 0 to 2; 3 is outside.',
    });
  });
  it('accepts decimals and exponents inside the range', () => {
    expect(checkNumber('.5', { min: 0, max: 2 })).toEqual({ ok: true, value: 0.5 });
    expect(checkNumber('1e1', { min: 1, max: 100, integer: true })).toEqual({ ok: true, value: 10 });
  });
});

describe('NumberParameter', () => {
  it('shows the server default while unset', () => {
    render(<Harness onChange={() => {}} />);
    expect(input()).toHaveValue('');
    expect(input()).toHaveAttribute('placeholder', 'server default (0.2)');
    expect(screen.getByRole('button', { name: 'Unset temperature (use the server default)' })).toBeDisabled();
  });

  it('refuses an out-of-range value with the reason, marks the field invalid and keeps the stored value', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<Harness initial={1} onChange={onChange} />);
    await user.clear(input());
    onChange.mockClear();
    await user.type(input(), '5');
    expect(onChange).not.toHaveBeenCalled();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription(/Must be a number from 0 to 2; 5 is outside/);
  });

  it('stores a valid value and unsets it (absent, undefined) with the unset button', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<Harness onChange={onChange} />);
    await user.type(input(), '0.7');
    expect(onChange).toHaveBeenLastCalledWith(0.7);
    await user.click(screen.getByRole('button', { name: 'Unset temperature (use the server default)' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(input()).toHaveValue('');
  });

  it('steps with the arrow keys inside the range', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<Harness initial={1.95} onChange={onChange} />);
    input().focus();
    await user.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith(2);
    await user.keyboard('{ArrowUp}');
    expect(input()).toHaveValue('2');
  });
});
