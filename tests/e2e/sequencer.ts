// The end-to-end files in vitest's usual order, except the stack-log checks, which must come last:
// they read what every journey before them made the workers print.
import { BaseSequencer, type TestSpecification } from "vitest/node";

const LAST = "logs.e2e.test.ts";

export class JourneysThenLogs extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => !f.moduleId.endsWith(LAST)), ...sorted.filter((f) => f.moduleId.endsWith(LAST))];
  }
}
