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
  const requests: string[] = [];
  page.on("request", (req) => requests.push(req.url()));
  const base = inject("baseUrl");
  return { page, context, requests, url: (path) => new URL(path, base).href };
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}
