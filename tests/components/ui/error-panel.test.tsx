import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPanel } from '../../../src/components/ui/error-panel';
import { ApiError } from '../../../src/lib/api';

function httpError(status: number, body: unknown, headers: Record<string, string> = {}): ApiError {
  const response = new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
  return ApiError.fromResponse(response, JSON.stringify(body));
}

function fact(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('error panel', () => {
  it('shows a 401 with its code, type, status and the advice to check the key', () => {
    const error = httpError(
      401,
      {
        error: {
          message: 'Invalid API key',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      },
      { 'x-request-id': 'req_123' },
    );
    render(<ErrorPanel error={error} />);
    const panel = screen.getByRole('alert');
    expect(within(panel).getByText('API key rejected')).toBeInTheDocument();
    expect(within(panel).getByText('Invalid API key.')).toBeInTheDocument();
    expect(fact('Code')).toBe('invalid_api_key');
    expect(fact('Type')).toBe('invalid_request_error');
    expect(fact('HTTP status')).toBe('401');
    expect(fact('Request id')).toBe('req_123');
    expect(panel).toHaveTextContent(/Check the API key of this connection in Settings/);
  });

  it('shows a 429 with the reset time and a live countdown to it', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
      const resetAt = Date.now() + 75_000;
      const error = httpError(
        429,
        { error: { message: 'Rate limit exceeded', type: 'rate_limit_error', code: 'rate_limit_exceeded' } },
        {
          'x-ratelimit-limit': '60',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(resetAt / 1000),
        },
      );
      render(<ErrorPanel error={error} />);
      const panel = screen.getByRole('alert');
      expect(within(panel).getByText('Rate limit reached')).toBeInTheDocument();
      expect(panel).toHaveTextContent(/Wait until the reset time shown/);
      const countdown = within(panel).getByText(/^in 1m 15s/);
      expect(countdown).toHaveAttribute('datetime', new Date(resetAt).toISOString());
      act(() => vi.advanceTimersByTime(15_000));
      expect(within(panel).getByText(/^in 1m 0s/)).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(61_000));
      expect(within(panel).getByText('now: you can send again')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('explains a connection failure, including how to get past CORS with the local service’s forwarding', () => {
    const error = ApiError.connection('https://api.example.test/v1/models', new TypeError('Failed to fetch'));
    render(<ErrorPanel error={error} />);
    const panel = screen.getByRole('alert');
    expect(within(panel).getByText('Server unreachable')).toBeInTheDocument();
    expect(panel).toHaveTextContent(/CORS/);
    expect(panel).toHaveTextContent(/SVC_UPSTREAM_URL=<that server>/);
    expect(panel).toHaveTextContent(/Check the base URL in Settings/);
  });

  it('names the offending parameter of a 400', () => {
    const error = httpError(400, {
      error: {
        message: 'temperature must be at most 2',
        type: 'invalid_request_error',
        param: 'temperature',
        code: 'invalid_request_error',
      },
    });
    render(<ErrorPanel error={error} />);
    expect(fact('Parameter')).toBe('temperature');
    expect(screen.getByRole('alert')).toHaveTextContent(/Change the value of "temperature"/);
  });

  it('says a model was not found and where to pick one', () => {
    const error = httpError(404, {
      error: {
        message: 'The model svc-x does not exist',
        type: 'invalid_request_error',
        param: 'model',
        code: 'model_not_found',
      },
    });
    render(<ErrorPanel error={error} />);
    expect(screen.getByText('Model not found')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/Models page/);
  });

  it('explains a timeout, a cancellation and a non-API error in plain words', () => {
    const { rerender } = render(
      <ErrorPanel error={ApiError.timeout('http://x.test/v1/chat/completions', 60_000, 'response')} />,
    );
    expect(screen.getByText('No answer in time')).toBeInTheDocument();
    rerender(<ErrorPanel error={ApiError.aborted()} />);
    expect(screen.getByText('Request cancelled')).toBeInTheDocument();
    rerender(<ErrorPanel error={new Error('boom')} />);
    expect(screen.getByText('Unexpected error')).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
  });

  it('offers retry and dismiss when given them', async () => {
    const user = userEvent.setup({ delay: null });
    const onRetry = vi.fn();
    const onDismiss = vi.fn();
    render(<ErrorPanel error={ApiError.aborted()} onRetry={onRetry} onDismiss={onDismiss} />);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
