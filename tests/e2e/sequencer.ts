// The end-to-end files in vitest's usual order (longest first, which packs two at a time well),
// except two that must come last (vitest.config.ts runs them as a group of their own, after the
// journeys): the stack-log checks, which read what every journey before them made the workers print,
// and then the independent deploys, which rebuild and restart remotes under the running stack (a
// request cut off by that is the local deploy's doing, not a journey's, so the log checks come first).
import { BaseSequencer, type TestSpecification } from "vitest/node";

export const LAST_FILES = ["logs.e2e.test.ts", "independence.e2e.test.ts"];
const rank = (file: TestSpecification) => LAST_FILES.findIndex((name) => file.moduleId.endsWith(name));

export class JourneysThenLogs extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => rank(f) < 0), ...LAST_FILES.flatMap((_, i) => sorted.filter((f) => rank(f) === i))];
  }
}
