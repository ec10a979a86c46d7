import { buildDistIfStale } from '../../../server/build-app';

/**
 * The browser tests' global setup. Each test file starts its own service with `npm start`, which
 * builds dist/ when it is stale; files run side by side, so two would build into the same folder at
 * once. Building here, once, before any file starts, leaves every service a fresh build to serve.
 */
export default async function buildOnce(): Promise<void> {
  await buildDistIfStale();
}
