import os from 'node:os';
import { optionalInteger, readBoolean } from './config-values';

/** What the operator may tune of the local vision and audio engines (see README, "Configuration"). */
export interface LocalEngineConfig {
  /** Let svc-vision fetch images from private and loopback addresses (never cloud-metadata ones). */
  visionAllowPrivateHosts: boolean;
  visionFetchTimeoutMs: number;
  visionMaxImageBytes: number;
  /** Speech-recognition children run at once; more wait in a queue of `audioMaxQueued`, then 429. */
  audioMaxConcurrent: number;
  audioMaxQueued: number;
  audioTimeoutMs: number;
  /** Longest audio accepted, in seconds of decoded sound (probed before decoding); longer is a 400 naming `file`. */
  audioMaxSeconds: number;
  /** Vision requests whose images are read at once (each reads its images in turn); more wait in a queue of `visionMaxQueued`, then 429. */
  visionMaxConcurrent: number;
  visionMaxQueued: number;
  /** Total pixels of all images in one vision request; more is a 400 naming the image that crosses it. */
  visionMaxPixels: number;
}

const MIB = 1024 * 1024;

export function readLocalEngineConfig(env: Record<string, string | undefined>): LocalEngineConfig {
  const int = (name: string, fallback: number, min: number, max: number, unit: string): number =>
    optionalInteger(env, name, fallback, min, max, unit);
  return {
    visionAllowPrivateHosts: readBoolean(
      'SVC_VISION_ALLOW_PRIVATE_HOSTS',
      env.SVC_VISION_ALLOW_PRIVATE_HOSTS ?? '',
    ),
    visionFetchTimeoutMs: int('SVC_VISION_FETCH_TIMEOUT_MS', 10_000, 100, 600_000, 'of milliseconds'),
    visionMaxImageBytes: int('SVC_VISION_MAX_IMAGE_BYTES', 10 * MIB, 1024, 512 * MIB, 'of bytes'),
    audioMaxConcurrent: int(
      'SVC_AUDIO_MAX_CONCURRENT',
      Math.max(1, Math.floor(os.availableParallelism() / 2)),
      1,
      64,
      'of recognisers',
    ),
    audioMaxQueued: int('SVC_AUDIO_MAX_QUEUED', 8, 0, 1000, 'of queued requests'),
    audioTimeoutMs: int('SVC_AUDIO_TIMEOUT_MS', 120_000, 1000, 3_600_000, 'of milliseconds'),
    audioMaxSeconds: int('SVC_AUDIO_MAX_SECONDS', 7200, 1, 86_400, 'of seconds'),
    visionMaxConcurrent: int(
      'SVC_VISION_MAX_CONCURRENT',
      Math.max(1, Math.floor(os.availableParallelism() / 2)),
      1,
      64,
      'of OCR jobs',
    ),
    visionMaxQueued: int('SVC_VISION_MAX_QUEUED', 8, 0, 1000, 'of queued requests'),
    visionMaxPixels: int('SVC_VISION_MAX_PIXELS', 50_000_000, 1, 2_000_000_000, 'of pixels'),
  };
}
