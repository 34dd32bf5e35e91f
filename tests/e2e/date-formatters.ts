// Counting the date formatters a page builds before it is ready (remotes/reader/src/time/timeTexts.ts):
// a server-rendered page brings its dates as text, so its hydration should build none.
import type { Page } from "playwright-core";
import { APP_READY } from "../../workers/shared/src/contracts/page.ts";

/** From before the page's first script: each Intl.DateTimeFormat built, with when. Call before goto(). */
export async function countDateFormatters(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const built: number[] = [];
    (window as unknown as { __formattersBuilt: number[] }).__formattersBuilt = built;
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct(target, args, newTarget) {
        built.push(performance.now());
        return Reflect.construct(target, args, newTarget);
      },
      apply(target, self, args) {
        built.push(performance.now());
        return Reflect.apply(target, self, args);
      },
    });
  });
}

/** Once the page is ready: the times (ms) at which it built a date formatter before its ready mark. */
export async function formattersBuiltBeforeReady(page: Page): Promise<number[]> {
  const readyAt = Number(
    await (
      await page.waitForFunction((ready) => performance.getEntriesByName(ready)[0]?.startTime ?? null, APP_READY)
    ).jsonValue(),
  );
  const built = await page.evaluate(() => (window as unknown as { __formattersBuilt: number[] }).__formattersBuilt);
  return built.filter((at) => at <= readyAt);
}
