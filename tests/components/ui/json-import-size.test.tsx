import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { JsonImport } from '../../../src/components/ui/json-import';
import { eventually } from '../../support/eventually';

describe('JsonImport, a file past its size', () => {
  it('refuses the file by its size, before reading a byte of it, and says the numbers', async () => {
    const onImport = vi.fn(async () => true);
    const { container } = render(
      <JsonImport what="JSON" onImport={onImport} issues={null} maxBytes={1024 * 1024} />,
    );
    const file = new File(['x'.repeat(2 * 1024 * 1024)], 'big.json', { type: 'application/json' });
    const read = vi.spyOn(file, 'text');
    await userEvent.upload(container.querySelector('input[type="file"]')!, file);
    expect(screen.getByRole('alert')).toHaveTextContent('is 2.0 MB, larger than the 1.0 MB one import reads');
    expect(read).not.toHaveBeenCalled();
    expect(onImport).not.toHaveBeenCalled();
  });

  it('reads a file within the size', async () => {
    const onImport = vi.fn(async () => true);
    const { container } = render(
      <JsonImport what="JSON" onImport={onImport} issues={null} maxBytes={1024} />,
    );
    await userEvent.upload(container.querySelector('input[type="file"]')!, new File(['{}'], 'a.json'));
    await eventually(() => expect(onImport).toHaveBeenCalledWith('{}'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
