import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Countdown } from '../../../src/components/ui/countdown';

// Defence in depth: the edge refuses such times, but a stored record or a caller's bug must not take
// the page down with "Invalid time value".
describe('Countdown', () => {
  it.each([1764180000000000000, 1e300, Number.NaN, Infinity, -Infinity, -9e15])(
    'renders %d without throwing, saying the time is unknown',
    (to) => {
      render(<Countdown to={to} />);
      expect(screen.getByText('at an unknown time')).toBeInTheDocument();
    },
  );

  it('still counts down to a time a Date can hold', () => {
    render(<Countdown to={Date.now() + 90_000} />);
    expect(screen.getByText(/^in 1m 30s|^in 1m 29s/)).toBeInTheDocument();
  });
});
