import { isApiError, type LocalHealth } from '../../lib/api';
import { isUpstreamErrorCode } from '../../protocol/upstream-errors';
import { baseURLHost } from '../../lib/connection';
import type { StatusTone } from '../../components/ui/status-dot';

export interface HealthView {
  tone: StatusTone;
  /** A few words for the header. */
  label: string;
  /** One sentence: what it means and what to do. */
  detail: string;
}

export interface HealthInput {
  hasConnection: boolean;
  /** Why there is no client (invalid base URL), or null. */
  problem: string | null;
  baseURL: string;
  hasKey: boolean;
  isFetching: boolean;
  modelCount: number | null;
  error: unknown;
  /** The local service's own report, when the connection is to it and it answered; else null. */
  local: LocalHealth | null;
}

/** What the header says about the active connection, from the state of its `GET /models` check. */
export function describeHealth(input: HealthInput): HealthView {
  if (!input.hasConnection) {
    return { tone: 'idle', label: 'Not connected', detail: 'Add a connection in Settings.' };
  }
  if (input.problem) return { tone: 'error', label: 'Invalid base URL', detail: input.problem };
  if (input.isFetching) {
    return {
      tone: 'pending',
      label: 'Checking…',
      detail: `Asking ${baseURLHost(input.baseURL)} for its models.`,
    };
  }
  if (input.error != null) return describeFailure(input);
  const upstream = input.local?.upstream ?? null;
  if (upstream && !upstream.ok)
    return describeUpstreamFailure(upstream.reachable, upstream.url, upstream.error);
  if (input.modelCount !== null) {
    const models = `${input.modelCount} model${input.modelCount === 1 ? '' : 's'}`;
    const via = upstream
      ? ` It forwards to ${upstream.url}, which answered${upstream.latencyMs !== null ? ` in ${upstream.latencyMs} ms` : ''}.`
      : '';
    return {
      tone: 'ok',
      label: `Healthy · ${models}`,
      detail: `${baseURLHost(input.baseURL)} answers and lists ${models}.${via}`,
    };
  }
  return { tone: 'idle', label: 'Not checked', detail: 'Use "Re-check" to test the connection.' };
}

/**
 * The local service answers, but the server it forwards to does not (or refuses it): said as the
 * upstream's failure, so nobody goes looking at the browser's key or the service.
 */
function describeUpstreamFailure(
  reachable: boolean,
  url: string,
  error: { code: string | null; message: string } | null,
): HealthView {
  const said = error ? ` ${error.message}` : '';
  if (!reachable) {
    return {
      tone: 'error',
      label: 'Upstream unreachable',
      detail: `The local service runs, but ${url} does not answer: start that server or check SVC_UPSTREAM_URL.${said}`,
    };
  }
  if (error?.code === 'upstream_auth_failed') {
    return {
      tone: 'error',
      label: 'Upstream refused key',
      detail: `${url} refused the local service's key: check SVC_UPSTREAM_API_KEY where the service runs.${said}`,
    };
  }
  return {
    tone: 'error',
    label: 'Upstream error',
    detail: `${url} answered, but not with its models.${said}`,
  };
}

function describeFailure({ error, baseURL, hasKey }: HealthInput): HealthView {
  const host = baseURLHost(baseURL);
  if (isApiError(error) && isUpstreamErrorCode(error.code)) {
    // The service's model list is the upstream's, so the list failing is the upstream failing.
    const unreachable = error.code === 'upstream_unreachable' || error.code === 'upstream_timeout';
    return describeUpstreamFailure(!unreachable, 'the upstream server', {
      code: error.code,
      message: error.message,
    });
  }
  if (!isApiError(error)) {
    return {
      tone: 'error',
      label: 'Check failed',
      detail: error instanceof Error ? error.message : String(error),
    };
  }
  if (error.status === 401) {
    return hasKey
      ? {
          tone: 'error',
          label: 'Key rejected',
          detail: `${host} refused the API key (401): check it in Settings.`,
        }
      : {
          tone: 'error',
          label: 'Key missing',
          detail: `${host} needs an API key (401): add one in Settings.`,
        };
  }
  switch (error.kind) {
    case 'connection':
      return {
        tone: 'error',
        label: 'Unreachable',
        detail: `No answer from ${host}: the server is down, the URL is wrong, or CORS blocks this page.`,
      };
    case 'timeout':
      return { tone: 'warn', label: 'Timed out', detail: `${host} did not answer in time.` };
    case 'aborted':
      return {
        tone: 'idle',
        label: 'Check cancelled',
        detail: 'Use "Re-check" to test the connection again.',
      };
    default:
      break;
  }
  if (error.status === 429) {
    return {
      tone: 'warn',
      label: 'Rate limited',
      detail: `${host} is rate limiting this key (429). ${error.message}`,
    };
  }
  if (error.status === 404) {
    return {
      tone: 'error',
      label: 'No models endpoint',
      detail: `${host} has no /models here (404): check the base URL, with or without /v1.`,
    };
  }
  return {
    tone: 'error',
    label: error.status !== null ? `Error ${error.status}` : 'Error',
    detail: error.message,
  };
}
