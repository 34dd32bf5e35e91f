// A fresh browser page per test, with every request URL recorded so tests can assert what was fetched.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { inject } from "vitest";
import { VOTE_DEBOUNCE_MS } from "../../workers/shared/src/contracts/votes.ts";
import { launchChromium } from "./chromium.ts";

export interface TestPage {
  page: Page;
  context: BrowserContext;
  requests: string[];
  url(path: string): string;
}

let browser: Browser | undefined;

/**
 * Every Content-Security-Policy violation reported on any page opened here, with its page's URL. Each
 * comes from the document's `securitypolicyviolation` event (CSP Level 3), not from console text a
 * browser may word differently from one version to the next; the e2e setup (csp.setup.ts) fails a test
 * that leaves any behind, so every journey runs under the real CSP.
 */
const cspViolations: string[] = [];

/** The name of the function each page calls with a violation it saw (exposed to every page). */
const REPORT_CSP_VIOLATION = "__reportCspViolation";

/** Listens before any of the page's own markup is parsed, so the first inline script's violation counts too. */
function listenForCspViolations(reportName: string): void {
  document.addEventListener("securitypolicyviolation", (event) => {
    const report = (window as unknown as Record<string, (text: string) => void>)[reportName];
    report?.(
      `${event.effectiveDirective} refused ${event.blockedURI || "(inline)"} at ${event.sourceFile || "?"}:${event.lineNumber} (${event.disposition})`,
    );
  });
}

export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

export async function openPage(
  options: {
    width?: number;
    height?: number;
    javaScriptEnabled?: boolean;
    controlledClock?: boolean;
    /** goto() and reload() return as the browser does, without waiting for the app (early-input tests). */
    rawNavigation?: boolean;
  } = {},
): Promise<TestPage> {
  browser ??= await launchChromium();
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  await context.exposeBinding(REPORT_CSP_VIOLATION, ({ page }, text: string) => {
    cspViolations.push(`${page?.url() ?? "?"}: ${text}`);
  });
  await context.addInitScript(listenForCspViolations, REPORT_CSP_VIOLATION);
  // A clock the test can move forward (skipVoteDebounce); it keeps running at real speed otherwise.
  if (options.controlledClock) await context.clock.install();
  const page = await context.newPage();
  if (options.javaScriptEnabled !== false && !options.rawNavigation) waitForHydrationOnNavigation(page);
  const requests: string[] = [];
  page.on("request", (req) => requests.push(req.url()));
  const base = inject("baseUrl");
  return { page, context, requests, url: (path) => new URL(path, base).href };
}

/**
 * Votes within VOTE_DEBOUNCE_MS of the last are ignored (spec §4): moves the page's clock past that
 * window instead of waiting it out. Needs a page opened with `controlledClock`.
 */
export async function skipVoteDebounce(page: Page): Promise<void> {
  await page.clock.fastForward(VOTE_DEBOUNCE_MS);
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

/**
 * A server-rendered page (docs/decisions/013-first-html.md) shows its buttons before the reader has
 * hydrated them, and a click before that does nothing. After goto() and reload(), wait until the
 * reader runs (html[data-reader-ready]) whenever the page came with first HTML.
 */
function waitForHydrationOnNavigation(page: Page): void {
  const settled = () =>
    page.waitForFunction(
      () =>
        !document.querySelector("#remote-root[data-rendered]") ||
        document.documentElement.hasAttribute("data-reader-ready"),
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page["goto"]>) => {
    const response = await goto(...args);
    await settled();
    return response;
  };
  page.reload = async (...args: Parameters<Page["reload"]>) => {
    const response = await reload(...args);
    await settled();
    return response;
  };
}
