// The end-to-end files in vitest's usual order, except two that must come last: the independent
// deploys (they rebuild and restart remotes on the shared stack) and then the stack-log checks,
// which read what every journey before them made the workers print.
import { BaseSequencer, type TestSpecification } from "vitest/node";

const LAST = ["independence.e2e.test.ts", "logs.e2e.test.ts"];
const rank = (file: TestSpecification) => LAST.findIndex((name) => file.moduleId.endsWith(name));

export class JourneysThenLogs extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => rank(f) < 0), ...LAST.flatMap((_, i) => sorted.filter((f) => rank(f) === i))];
  }
}
