#!/usr/bin/env tsx
// The first-paint issue's dead window, in Chromium: the time from the first paint of a page to the
// moment the app answers a tap there (every React root hydrated: the `data-app-ready` mark), on a
// phone screen with the CPU slowed 4× (Lighthouse's mobile factor). Taps made before that moment are
// held and carried out then (docs/decisions/019-early-input.md), so this is how long a tap may wait.
// Part of `npm run bench`; alone, against a stack that is already running:
//
//   npx tsx tests/bench/tap-latency.ts --base http://127.0.0.1:8788 [--path /] [--runs 5]
//
// Never asserted in tests: a figure to quote, measured with nothing else running.
import { pathToFileURL } from "node:url";
import { APP_READY } from "../../workers/shared/src/contracts/page.ts";
import { launchChromium } from "../e2e/chromium.ts";
import { percentile, table } from "./report.ts";

export interface TapLatency {
  path: string;
  /** One entry per load, in milliseconds from navigation start. */
  runs: { firstPaintMs: number; appReadyMs: number }[];
}

const CPU_SLOWDOWN = 4;
const PHONE = { width: 412, height: 823 };

/** Loads `base + path` `runs` times, each in a fresh context (no cache), and reads both marks. */
export async function measureTapLatency(base: string, path = "/", runs = 5): Promise<TapLatency> {
  const browser = await launchChromium();
  try {
    const measured: TapLatency["runs"] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
        await page.goto(base + path);
        await page.waitForFunction((name) => document.documentElement.hasAttribute(name), APP_READY, {
          timeout: 60_000,
        });
        // No named functions inside: tsx would wrap them in a helper the page does not have.
        const [firstPaintMs, appReadyMs] = await page.evaluate(
          (name) =>
            ["first-contentful-paint", name].map(
              (entry) => performance.getEntriesByName(entry)[0]?.startTime ?? Number.NaN,
            ),
          APP_READY,
        );
        measured.push({ firstPaintMs: firstPaintMs ?? Number.NaN, appReadyMs: appReadyMs ?? Number.NaN });
      } finally {
        await context.close();
      }
    }
    return { path, runs: measured };
  } finally {
    await browser.close();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** One row per page: first paint, app ready and the gap between them (median and worst). */
export function tapLatencyTable(results: readonly TapLatency[]): string {
  return table(
    ["page", "runs", "first paint (median)", "app ready (median)", "paint → ready, median", "worst", "each run"],
    results.map(({ path, runs }) => {
      const gaps = runs.map((r) => r.appReadyMs - r.firstPaintMs);
      return [
        `\`${path}\``,
        runs.length,
        ms(
          percentile(
            runs.map((r) => r.firstPaintMs),
            50,
          ),
        ),
        ms(
          percentile(
            runs.map((r) => r.appReadyMs),
            50,
          ),
        ),
        `**${ms(percentile(gaps, 50))}**`,
        ms(Math.max(...gaps)),
        gaps.map((gap) => Math.round(gap)).join(", "),
      ];
    }),
  );
}

export const TAP_LATENCY_HEADING = `### From first paint to the app answering a tap (Chromium, ${CPU_SLOWDOWN}× CPU slow-down, ${PHONE.width} px)`;

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const base = option("--base")?.replace(/\/$/, "");
  if (!base) throw new Error("usage: npx tsx tests/bench/tap-latency.ts --base URL [--path /] [--runs 5]");
  const result = await measureTapLatency(base, option("--path") ?? "/", Number(option("--runs") ?? 5));
  console.log(`${TAP_LATENCY_HEADING}\n\n${tapLatencyTable([result])}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
