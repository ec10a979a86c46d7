/**
 * The hostile suite's vision, audio and upstream cases for the bench (filled in as those engines'
 * hardening lands): the engines they need and the cases themselves.
 */
import type { ModelEngines } from '../../server/app';
import type { HostileCase } from '../hostile.bench';

export async function hostileMediaCases(): Promise<{
  engines: Partial<ModelEngines>;
  cases: HostileCase[];
  close: () => Promise<void>;
}> {
  return { engines: { 'svc-vision': null, 'svc-audio': null }, cases: [], close: async () => undefined };
}
