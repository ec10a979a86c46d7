import { isApiError } from '../../lib/api';
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
  if (input.modelCount !== null) {
    const models = `${input.modelCount} model${input.modelCount === 1 ? '' : 's'}`;
    return {
      tone: 'ok',
      label: `Healthy · ${models}`,
      detail: `${baseURLHost(input.baseURL)} answers and lists ${models}.`,
    };
  }
  return { tone: 'idle', label: 'Not checked', detail: 'Use "Re-check" to test the connection.' };
}

function describeFailure({ error, baseURL, hasKey }: HealthInput): HealthView {
  const host = baseURLHost(baseURL);
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
