/**
 * The local service as a Hono app: every endpoint of the spec at `/` and `/v1`, with auth, rate
 * limits, validation and the spec's errors. No listen(): main.ts and dev.ts serve it, tests call
 * `app.fetch` / `app.request` in process.
 */
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { every } from 'hono/combine';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { LimitedEndpoint, ServiceConfig } from './config';
import { EngineError } from './engines/engine';
import { createLocalAudioEngine } from './engines/audio-local/index';
import { createReferenceEngines } from './engines/reference/index';
import { createUpstreamEngines, type UpstreamEngines } from './engines/upstream/index';
import { createLocalVisionEngine } from './engines/vision-local/index';
import type { AppEnv } from './http/app-env';
import { ENDPOINT_NAMES } from './http/endpoint-names';
import { ApiError, errorResponse, serverError } from './http/errors';
import { newId } from './http/ids';
import { isPageNavigation, isServiceRequest } from './http/page-routes';
import type { PageServer } from './http/static-files';
import { requireApiKey } from './middleware/auth';
import { limitBody } from './middleware/body-limit';
import { apiCors } from './middleware/cors';
import { rateLimit } from './middleware/rate-limit';
import { SlidingWindowLimiter } from './middleware/rate-limiter';
import { registerAudioRoutes } from './routes/audio';
import { BOOTSTRAP_PATH, registerBootstrapRoute } from './routes/bootstrap';
import { registerChatRoutes } from './routes/chat';
import { registerHealthRoute } from './routes/health';
import { registerCodeRoutes } from './routes/code';
import type { ModelEngines, RouteContext } from './routes/context';
import { refuseOtherMethods, unknownRoute } from './routes/fallback';
import { registerModelRoutes } from './routes/models';
import { registerVisionRoutes } from './routes/vision';

export type { ModelEngines } from './routes/context';

/** What tests (and main.ts) may inject into createApp; everything has a default. */
export interface AppDeps {
  /** Engines per model; any left out come from the configuration (upstream when set, else reference). */
  engines: Partial<ModelEngines>;
  /** Clock in epoch ms, for rate limits and `created`. */
  now(): number;
  /** Where operational messages go (never keys). */
  log(line: string): void;
  /** The built playground, served for page routes and files; null serves the API alone. */
  pages: PageServer | null;
  /** The upstream engines (models, health) in upstream mode; made from the configuration when left out. */
  upstream: UpstreamEngines | null;
}

/** The engine for each model as configured: everything upstream when an upstream is set, else reference. */
export function defaultEngines(
  config: ServiceConfig,
  upstream: UpstreamEngines | null = config.upstream ? createUpstreamEngines(config.upstream) : null,
): ModelEngines {
  if (upstream) {
    return {
      'svc-chat': upstream.chat,
      'svc-reasoner': upstream.chat,
      'svc-coder': upstream.code,
      'svc-vision': upstream.vision,
      'svc-audio': upstream.audio,
    };
  }
  const reference = createReferenceEngines(
    config.referenceTokensPerSecond === null ? {} : { tokensPerSecond: config.referenceTokensPerSecond },
  );
  const local = config.localEngines;
  return {
    'svc-chat': reference.chat,
    'svc-reasoner': reference.chat,
    'svc-coder': reference.code,
    'svc-vision': createLocalVisionEngine({
      allowPrivateHosts: local.visionAllowPrivateHosts,
      fetchTimeoutMs: local.visionFetchTimeoutMs,
      maxImageBytes: local.visionMaxImageBytes,
      maxConcurrent: local.visionMaxConcurrent,
      maxQueued: local.visionMaxQueued,
      maxPixels: local.visionMaxPixels,
    }),
    'svc-audio': createLocalAudioEngine({
      maxConcurrent: local.audioMaxConcurrent,
      maxQueued: local.audioMaxQueued,
      timeoutMs: local.audioTimeoutMs,
      maxSeconds: local.audioMaxSeconds,
    }),
  };
}

/** Builds the service's HTTP app from its configuration. */
export function createApp(config: ServiceConfig, deps: Partial<AppDeps> = {}): Hono<AppEnv> {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((line: string) => console.error(`svc-playground: ${line}`));
  const pages = deps.pages ?? null;
  const needsDefaults = ['svc-chat', 'svc-reasoner', 'svc-coder', 'svc-vision', 'svc-audio'].some(
    (id) => !Object.hasOwn(deps.engines ?? {}, id),
  );
  const upstream =
    deps.upstream ?? (config.upstream ? createUpstreamEngines(config.upstream, { now }) : null);
  const engines: ModelEngines = {
    ...(needsDefaults ? defaultEngines(config, upstream) : ({} as ModelEngines)),
    ...deps.engines,
  };
  const limiter = new SlidingWindowLimiter(config.rateLimitWindowMs, now);
  const auth = requireApiKey(config.apiKeys);
  const ctx: RouteContext = {
    config,
    engines,
    now,
    log,
    auth,
    upstream,
    guard: (endpoint: LimitedEndpoint) => {
      const limit = rateLimit(limiter, endpoint, config.rateLimits[endpoint], config.rateLimitWindowMs, now);
      return every(auth, limit, limitBody(config.bodyLimits[endpoint], ENDPOINT_NAMES[endpoint]));
    },
  };

  const app = new Hono<AppEnv>();
  // A well-formed x-request-id the client sends is kept (Hono's choice: one id across a proxy chain).
  app.use('*', requestId({ generator: () => newId('req_') }));
  // Every response, the API's included, is read as the type it names.
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('x-content-type-options', 'nosniff');
  });
  if (pages) {
    // The page and its files are answered before CORS, so they never carry it: only this origin loads
    // them. They get the page's own headers instead (static-files.ts). A request the API answers
    // (isServiceRequest: its paths at / and /v1, /models unless a browser navigates there, the
    // bootstrap) never reaches a file, so no file in dist/ can shadow an API path.
    app.use('*', (c, next) => {
      const { method, path } = c.req;
      const headers = c.req.raw.headers;
      if (isPageNavigation(method, path, headers)) return pages.index(c, next);
      return isServiceRequest(method, path, headers) ? next() : pages.files(c, next);
    });
  }
  // Everything else is the API's, with CORS (the bootstrap excepted, so no other site reads the key):
  // pages of other origins and the dev server call it. Unknown paths keep it too, so such a caller can
  // read the 404 that says which paths exist.
  app.use(
    '*',
    apiCors((path) => path === BOOTSTRAP_PATH),
  );
  app.use('*', refuseOtherMethods(app));

  const api = new Hono<AppEnv>();
  // Large JSON answers (a long non-streamed reply, logprobs) are compressed; streams never are — a
  // compressor holds bytes back until its block fills, and a stream must reach the reader as sent.
  api.use('*', compress({ contentTypeFilter: /^application\/json\b/i, threshold: 1024 }));
  registerChatRoutes(api, ctx);
  registerCodeRoutes(api, ctx);
  registerVisionRoutes(api, ctx);
  registerAudioRoutes(api, ctx);
  registerModelRoutes(api, ctx);
  registerBootstrapRoute(app, ctx);
  registerHealthRoute(app, ctx);
  app.route('/v1', api);
  app.route('/', api);

  app.notFound((c) => {
    const error = unknownRoute(c.req.method, c.req.path);
    return errorResponse(c, error.status, error.toBody());
  });

  app.onError((error, c) => {
    // bearerAuth's 401s, whose bodies auth.ts already made in the spec's shape.
    if (error instanceof HTTPException) {
      const response = error.getResponse();
      return c.newResponse(response.body, response);
    }
    if (error instanceof ApiError) return errorResponse(c, error.status, error.toBody(), error.headers);
    if (error instanceof EngineError)
      return errorResponse(c, error.status, { error: error.body }, error.headers);
    const id = c.get('requestId');
    if (!c.req.raw.signal.aborted) log(`request ${id} failed: ${error.stack ?? error.message}`);
    return errorResponse(c, 500, serverError(id).toBody());
  });
  return app;
}
