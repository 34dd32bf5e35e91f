// A fresh browser page per test, with every request URL recorded so tests can assert what was fetched.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { inject } from "vitest";
import { launchChromium } from "./chromium.ts";

export interface TestPage {
  page: Page;
  context: BrowserContext;
  requests: string[];
  url(path: string): string;
}

let browser: Browser | undefined;

export async function openPage(
  options: { width?: number; height?: number; javaScriptEnabled?: boolean } = {},
): Promise<TestPage> {
  browser ??= await launchChromium();
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  if (options.javaScriptEnabled !== false) waitForHydrationOnNavigation(page);
  const requests: string[] = [];
  page.on("request", (req) => requests.push(req.url()));
  const base = inject("baseUrl");
  return { page, context, requests, url: (path) => new URL(path, base).href };
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
        !document.querySelector("#root[data-first-html]") || document.documentElement.hasAttribute("data-reader-ready"),
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
