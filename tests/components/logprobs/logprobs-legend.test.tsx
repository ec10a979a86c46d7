import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LogprobsView } from '../../../src/components/logprobs';

const tokens = [
  {
    token: 'Paris',
    logprob: Math.log(0.8),
    top_logprobs: [
      { token: 'Paris', logprob: Math.log(0.8) },
      { token: 'Lyon', logprob: Math.log(0.15) },
    ],
  },
];

describe('LogprobsView: legend and popup', () => {
  it('says what the colours mean, and shows the chosen token once in its popup', async () => {
    render(<LogprobsView logprobs={tokens} />);
    expect(screen.getByText('How likely each chosen token was:')).toBeVisible();
    for (const band of ['90% or more', '60–90%', '30–60%', 'under 30%'])
      expect(screen.getByText(band)).toBeVisible();

    await userEvent.setup().tab();
    const popup = screen.getByRole('tooltip');
    expect(popup).toHaveTextContent('chosen "Paris" 80.0%');
    expect(popup).toHaveTextContent('"Lyon" 15.0%');
    expect(within(popup).getAllByText(/"Paris"/)).toHaveLength(1);
  });
});
