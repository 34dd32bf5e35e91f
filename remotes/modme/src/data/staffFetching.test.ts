import { describe, expect, it } from "vitest";
import { STAFF_SWR, staffRetryDelay } from "./staffFetching.ts";

describe("staff data fetching (spec §9)", () => {
  it("doubles the retry delay from 1 s and caps it at 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(staffRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("keeps data fresh for 5 minutes and never refetches on focus, mount or reconnect", () => {
    expect(STAFF_SWR).toMatchObject({
      dedupingInterval: 300_000,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      revalidateIfStale: false,
    });
  });

  it("retries a server failure once, and a refusal never", () => {
    const retries: number[] = [];
    const revalidate = async (opts: { retryCount: number }) => {
      retries.push(opts.retryCount);
      return true;
    };
    const retry = STAFF_SWR.onErrorRetry as unknown as (
      e: unknown,
      k: string,
      c: unknown,
      r: typeof revalidate,
      o: { retryCount: number },
    ) => void;
    const timers: Array<() => void> = [];
    const original = globalThis.setTimeout;
    globalThis.setTimeout = ((fn: () => void) => {
      timers.push(fn);
      return 0;
    }) as unknown as typeof setTimeout;
    try {
      retry({ status: 500 }, "k", {}, revalidate, { retryCount: 1 });
      retry({ status: 500 }, "k", {}, revalidate, { retryCount: 2 });
      retry({ status: 403 }, "k", {}, revalidate, { retryCount: 1 });
    } finally {
      globalThis.setTimeout = original;
    }
    for (const run of timers) run();
    expect(retries).toEqual([1]);
  });
});
