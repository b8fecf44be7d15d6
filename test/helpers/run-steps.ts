// The editor's planning and merging and the workspace edit's regions run as generators
// (planSteps, mergeSteps, mergeRegionSteps) that production slices between event-loop turns;
// tests and benchmarks run the same generators to their end at once, so they exercise the path
// production takes.
import { planSteps, type Plan, type PlannedEdit } from '../../src/shared/plan-edits';
import { mergeRegionSteps, mergeSteps, type Region } from '../../src/shared/merge-edits';
import { runToEnd } from '../../src/shared/time-slice';

/** planSteps run to its end: the plan the editor's commands compute. */
export function planToEnd(...args: Parameters<typeof planSteps>): Plan {
  return runToEnd(planSteps(...args));
}

/** mergeSteps run to its end: the edits the editor writes for a plan. */
export function mergeToEnd(...args: Parameters<typeof mergeSteps>): readonly PlannedEdit[] {
  return runToEnd(mergeSteps(...args));
}

/** mergeRegionSteps run to its end: the regions of a workspace file with many changes. */
export function mergeRegionsToEnd<T extends PlannedEdit>(
  text: string,
  edits: readonly T[],
  alone: (e: T) => boolean,
): Region<T>[] {
  return runToEnd(mergeRegionSteps(text, edits, alone));
}
