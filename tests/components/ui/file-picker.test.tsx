import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilePicker } from '../../../src/components/ui/file-picker';

describe('FilePicker', () => {
  it('reports a chosen file, and the same file chosen again', async () => {
    const onFiles = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <FilePicker accept=".json" className="" onFiles={onFiles}>
        Import JSON
      </FilePicker>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Import JSON');
    const file = new File(['[]'], 'a.json', { type: 'application/json' });
    await user.upload(input, file);
    expect(input.value).toBe('');
    await user.upload(input, file);
    expect(onFiles.mock.calls).toEqual([[[file]], [[file]]]);
  });
});
