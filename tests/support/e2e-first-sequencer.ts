import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the browser files first. They are the longest (a service and Chromium each, tens of seconds)
 * and spend most of it waiting on those processes; queued last, by name or size as vitest would,
 * one of them ends the run alone on one worker while the other worker sits idle.
 */
export class E2eFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isE2e = (spec: TestSpecification): boolean => spec.project.name === 'e2e';
    return [...sorted.filter(isE2e), ...sorted.filter((spec) => !isE2e(spec))];
  }
}
