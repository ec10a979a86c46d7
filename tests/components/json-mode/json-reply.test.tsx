import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JsonReply } from '../../../src/features/chat/json-mode';

describe('JsonReply while streaming', () => {
  it('says an unfinished prefix is valid so far, without marking a break', () => {
    render(<JsonReply text={'{"city": "Par'} streaming />);
    expect(screen.getByRole('status').textContent).toMatch(/Valid so far: all 13 characters parse/);
    expect(screen.queryByTestId('json-break')).toBeNull();
  });

  it('marks a break that no further text can mend, while still streaming', () => {
    render(<JsonReply text={'{"city": ]'} streaming />);
    expect(screen.getByRole('alert').textContent).toMatch(/already breaks at line 1, column 10/);
    expect(screen.getByTestId('json-break').textContent).toBe(']');
  });

  it('shows the tree once the text is whole', () => {
    render(<JsonReply text={'{"a": [1, 2]}'} streaming={false} />);
    expect(screen.getByRole('tree', { name: 'JSON reply tree' })).toBeInTheDocument();
  });
});
