// The editor's planning and merging run as generators (planSteps, mergeSteps) that it slices
// between event-loop turns; tests and benchmarks run the same generators to their end at once,
// so they exercise the path production takes.
import { planSteps, type Plan, type PlannedEdit } from '../../src/shared/plan-edits';
import { mergeSteps } from '../../src/shared/merge-edits';
import { runToEnd } from '../../src/shared/time-slice';

/** planSteps run to its end: the plan the editor's commands compute. */
export function planToEnd(...args: Parameters<typeof planSteps>): Plan {
  return runToEnd(planSteps(...args));
}

/** mergeSteps run to its end: the edits the editor writes for a plan. */
export function mergeToEnd(...args: Parameters<typeof mergeSteps>): readonly PlannedEdit[] {
  return runToEnd(mergeSteps(...args));
}
