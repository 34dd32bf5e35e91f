// Lighthouse 12 on Debian's Chromium with its default mobile profile (simulated slow 4G, 4× CPU
// slow-down, a 412 px Moto G Power screen): the figures of the first-paint issue. Measured in
// `npm run bench` and `npx tsx tests/bench/pages.ts`, never asserted in tests.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, ensureChromium } from "../e2e/chromium.ts";

export interface LighthouseFigures {
  path: string;
  /** 0–1 */
  performance: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Lighthouse's time to interactive (its `interactive` audit): the main thread quiet, the page answering input. */
  interactiveMs: number;
  /** Bytes transferred for the whole load, and for scripts alone. */
  totalBytes: number;
  scriptBytes: number;
  /** The elements that moved (Lighthouse's layout-shifts audit: score and the element's opening tag), largest first. */
  shifts: { score: number; element: string }[];
}

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

/**
 * One Chromium for every page: each Lighthouse run still starts from a cleared cache and storage.
 * With `storage` (a signed-in reader's or staff member's localStorage), the origin's storage is set
 * once and kept, and only the cache is cleared before each run.
 */
export async function runLighthouse(
  base: string,
  paths: readonly string[],
  storage?: Record<string, string>,
): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({ chromePath: ensureChromium(), chromeFlags: CHROME_FLAGS });
  try {
    const results: LighthouseFigures[] = [];
    for (const path of paths) {
      if (storage) await withStorageAndColdCache(chrome.port, base, storage);
      const runner = await lighthouse(
        base + path,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          disableStorageReset: storage !== undefined,
        },
        undefined,
      );
      if (!runner) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { lhr } = runner;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const byType = (
        lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] }
      )?.items;
      results.push({
        path,
        performance: lhr.categories.performance?.score ?? Number.NaN,
        fcpMs: numeric("first-contentful-paint"),
        lcpMs: numeric("largest-contentful-paint"),
        cls: numeric("cumulative-layout-shift"),
        tbtMs: numeric("total-blocking-time"),
        interactiveMs: numeric("interactive"),
        totalBytes: numeric("total-byte-weight"),
        scriptBytes: byType?.find((item) => item.resourceType === "script")?.transferSize ?? Number.NaN,
        shifts: (
          (lhr.audits["layout-shifts"]?.details as { items?: { score?: number; node?: { snippet?: string } }[] })
            ?.items ?? []
        ).map((item) => ({ score: item.score ?? 0, element: item.node?.snippet ?? "?" })),
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/** Sets the origin's localStorage in the launched Chromium (over CDP) and clears its HTTP cache. */
async function withStorageAndColdCache(port: number, base: string, storage: Record<string, string>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${base}/favicon.svg`);
    await page.evaluate((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, storage);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await page.close();
  } finally {
    await browser.close();
  }
}
