import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SectionBoundary } from '../../../src/components/ui/section-boundary';

let broken = true;
function Fragile({ label }: { label: string }) {
  if (broken) throw new TypeError('r.indexOf is not a function');
  return <p>{label} drawn</p>;
}

describe('SectionBoundary', () => {
  beforeEach(() => {
    broken = true;
    // React and the boundary both report the error; the test reads the page instead.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps a failure inside its section: the rest of the page stays, with what failed and Try again', async () => {
    render(
      <div>
        <nav>Pages</nav>
        <SectionBoundary name="The conversation">
          <Fragile label="Conversation" />
        </SectionBoundary>
      </div>,
    );
    expect(screen.getByText('Pages')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The conversation could not be shown');
    expect(screen.getByRole('alert')).toHaveTextContent('r.indexOf is not a function');
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Conversation drawn')).toBeInTheDocument();
  });

  it('starts afresh when its reset key changes (another conversation is opened)', () => {
    const { rerender } = render(
      <SectionBoundary name="The conversation" resetKey="a">
        <Fragile label="A" />
      </SectionBoundary>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    broken = false;
    rerender(
      <SectionBoundary name="The conversation" resetKey="b">
        <Fragile label="B" />
      </SectionBoundary>,
    );
    expect(screen.getByText('B drawn')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the fallback it is given, with the error and a way to retry', () => {
    render(
      <SectionBoundary name="Status" fallback={({ message }) => <p role="alert">Status failed: {message}</p>}>
        <Fragile label="Status" />
      </SectionBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Status failed: r.indexOf is not a function');
  });
});
