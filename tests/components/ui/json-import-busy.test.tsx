import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { JsonImport } from '../../../src/components/ui/json-import';

describe('JsonImport while an import runs', () => {
  it('says what it imports and lets no second import start until the first has answered', async () => {
    let answer: (ok: boolean) => void = () => undefined;
    const onImport = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const { container } = render(<JsonImport what="JSON" onImport={onImport} issues={null} />);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['{"a":1}'], 'many.json', { type: 'application/json' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Importing many.json, 7 B…'));
    expect(input).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'JSON to import' }), '{{}');
    expect(screen.getByRole('button', { name: 'Import pasted JSON' })).toBeDisabled();
    expect(onImport).toHaveBeenCalledTimes(1);

    answer(true);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(''));
    expect(input).toBeEnabled();
    // What was pasted meanwhile is kept, and can be imported now.
    await userEvent.click(screen.getByRole('button', { name: 'Import pasted JSON' }));
    expect(onImport).toHaveBeenLastCalledWith('{}');
  });

  it('says a file that cannot be read, without calling the import', async () => {
    const onImport = vi.fn(async () => true);
    const { container } = render(<JsonImport what="JSON" onImport={onImport} issues={null} />);
    const file = new File(['{}'], 'gone.json');
    vi.spyOn(file, 'text').mockRejectedValue(new DOMException('The file was moved', 'NotReadableError'));
    await userEvent.upload(container.querySelector('input[type="file"]')!, file);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /could not be read \(.*The file was moved\): choose it again/,
    );
    expect(onImport).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
