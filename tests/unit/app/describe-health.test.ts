import { describe, expect, it } from 'vitest';
import { ApiError, readLocalHealth } from '../../../src/lib/api';
import { describeHealth, type HealthInput } from '../../../src/app/connection/describe-health';

const base: HealthInput = {
  hasConnection: true,
  problem: null,
  baseURL: 'http://127.0.0.1:8787/v1',
  hasKey: true,
  isFetching: false,
  modelCount: 5,
  error: null,
  local: null,
};

const upstreamReport = (upstream: Record<string, unknown>) =>
  readLocalHealth({ status: 'x', mode: 'upstream', checked_at: 1, upstream });

describe('the header health of the local service in upstream mode', () => {
  it('says "Upstream unreachable" though the model list (kept by the service) still answers', () => {
    const view = describeHealth({
      ...base,
      local: upstreamReport({
        url: 'http://127.0.0.1:9/v1',
        ok: false,
        reachable: false,
        latency_ms: null,
        models: null,
        error: { code: 'upstream_unreachable', message: 'Could not reach it (ECONNREFUSED).', status: 502 },
      }),
    });
    expect(view).toMatchObject({ tone: 'error', label: 'Upstream unreachable' });
    expect(view.detail).toContain('http://127.0.0.1:9/v1');
    expect(view.detail).toContain('SVC_UPSTREAM_URL');
    expect(view.detail).toContain('ECONNREFUSED');
  });

  it("names the service's upstream key when the upstream refuses it", () => {
    const view = describeHealth({
      ...base,
      local: upstreamReport({
        url: 'http://u.test/v1',
        ok: false,
        reachable: true,
        latency_ms: 4,
        error: { code: 'upstream_auth_failed', message: 'refused', status: 502 },
      }),
    });
    expect(view.label).toBe('Upstream refused key');
    expect(view.detail).toContain('SVC_UPSTREAM_API_KEY');
  });

  it('reports a healthy upstream with its latency', () => {
    const view = describeHealth({
      ...base,
      local: upstreamReport({
        url: 'http://u.test/v1',
        ok: true,
        reachable: true,
        latency_ms: 12,
        models: 20,
      }),
    });
    expect(view.label).toBe('Healthy · 5 models');
    expect(view.detail).toContain('http://u.test/v1, which answered in 12 ms');
  });

  it('reads a failed model list with an upstream code as the upstream failing, not the key', () => {
    const body = JSON.stringify({
      error: {
        message: 'Could not reach the upstream',
        type: 'upstream_error',
        code: 'upstream_unreachable',
      },
    });
    const error = ApiError.fromResponse(
      new Response(body, { status: 502, headers: { 'x-error-source': 'upstream' } }),
      body,
    );
    const view = describeHealth({ ...base, modelCount: null, error });
    expect(view.label).toBe('Upstream unreachable');
  });
});

describe('readLocalHealth (an untrusted body)', () => {
  it.each([null, 'ok', [], { mode: 'upstream' }, { mode: 'other' }, { mode: 'upstream', upstream: [] }])(
    'gives null for %j',
    (body) => {
      expect(readLocalHealth(body)).toBeNull();
    },
  );

  it('reads local mode and bounds every text it keeps', () => {
    expect(readLocalHealth({ mode: 'local', upstream: null })).toEqual({ mode: 'local', upstream: null });
    const report = upstreamReport({
      url: 'u'.repeat(10_000),
      ok: false,
      reachable: false,
      latency_ms: -1,
      models: 1.5,
      error: { code: 7, message: 'm'.repeat(100_000) },
    });
    expect(report?.upstream?.url.length).toBeLessThanOrEqual(300);
    expect(report?.upstream?.error?.message.length).toBeLessThanOrEqual(500);
    expect(report?.upstream).toMatchObject({ latencyMs: null, models: null, error: { code: null } });
  });

  it('takes a report without "reachable" as reachable, so a missing field cannot turn it red', () => {
    expect(upstreamReport({ url: 'x', ok: false })?.upstream?.reachable).toBe(true);
  });
});
