// The remotes deploy on their own (docs/decisions/016-fragments.md), shown on the running stack: a
// remote is rebuilt with a visible change (a build notice, hosts/shared/federation/notices.ts) and
// only its Worker is restarted — the local form of `npm run deploy:reader` — while the gateway's
// files and process stay as they were. Then the shell's shared code changes with the reader left as
// it was: the reader's markup, rendered with the older shared code, is rendered anew, not hydrated.
// Every rebuild is undone at the end, so the stack is as the other test files found it.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { repoRoot } from "../../scripts/paths.ts";
import { signInViaApi } from "./auth.ts";
import { closeBrowser, openPage, type TestPage } from "./page.ts";

afterAll(closeBrowser);

const control = (path: string, method = "GET") =>
  fetch(new URL(path, inject("stackControl")), { method }).then((r) => r.json() as Promise<Record<string, unknown>>);

/**
 * `node scripts/build-web.mjs <app>` with the given notices in its environment — as a person runs it:
 * vitest's own variables (NODE_ENV=test, VITEST…) would make Vite build for tests instead.
 */
function rebuild(app: "shell" | "reader" | "modme", notices: Record<string, string> = {}) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(VITEST|NODE_ENV$|TEST$|MODE$)/.test(key)),
  );
  execFileSync(process.execPath, [join(repoRoot, "scripts/build-web.mjs"), app], {
    cwd: repoRoot,
    stdio: "ignore",
    env: { ...env, READER_NOTICE: "", MODME_NOTICE: "", SERVICE_NOTICE: "", ...notices },
  });
}

/** A hash of everything the gateway serves or runs from the web build: its static files and shell renderer. */
function gatewayBuild(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(path).update(readFileSync(path));
    }
  };
  walk(join(repoRoot, "dist/public"));
  walk(join(repoRoot, "dist/shell-ssr"));
  return hash.digest("hex");
}

/** Console errors and uncaught errors of a page (a hydration mismatch is one of them). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !/status of 404/.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function servedHtml(path: string): Promise<string> {
  return (await fetch(new URL(path, inject("baseUrl")))).text();
}

const stamp = Date.now();
const READER_NOTICE = `Reader release ${stamp}`;
const MODME_NOTICE = `ModMe release ${stamp}`;
const SERVICE_NOTICE = `Service notice ${stamp}`;

describe("the reader deploys alone", () => {
  let before: TestPage;

  afterAll(async () => {
    rebuild("reader");
    await control("/restart/reader", "POST");
  });

  it("a new reader build reaches / and an article, with the gateway's files and process untouched", async () => {
    // A tab opened before the deploy, on the feed (the search page's chunk never loaded in it).
    before = await openPage();
    await before.page.goto(before.url("/"));
    const gatewayPid = (await control("/gateway-pid")).pid;
    const gatewayFiles = gatewayBuild();

    rebuild("reader", { READER_NOTICE });
    expect(await control("/restart/reader", "POST")).toEqual({ restarted: "reader" });

    // (a) The gateway neither rebuilt nor restarted.
    expect(gatewayBuild()).toBe(gatewayFiles);
    expect((await control("/gateway-pid")).pid).toBe(gatewayPid);

    // (b) Pages arrive with the new reader's server markup and hydrate it, with no error.
    const feed = await servedHtml("/");
    expect(feed).toContain(READER_NOTICE);
    const articleHref = /href="(\/article\/[^"]+)"/.exec(feed)?.[1] ?? "";
    expect(await servedHtml(articleHref)).toContain(READER_NOTICE);
    for (const path of ["/", articleHref]) {
      const { page, url } = await openPage();
      const errors = collectErrors(page);
      await page.goto(url(path));
      await page.getByText(READER_NOTICE).waitFor();
      await page.waitForFunction(() => document.getElementById("remote-root")?.dataset.mounted === "hydrated");
      expect(errors, path).toEqual([]);
    }
  });

  it("a tab opened before the deploy moves to a page it never loaded: it works, reloading at most once", async () => {
    const { page } = before;
    let loads = 0;
    page.on("load", () => loads++);
    const errors = collectErrors(page);
    await page.getByRole("searchbox").first().fill("market");
    await page.getByRole("searchbox").first().press("Enter");
    await page.waitForURL(/\/search\?q=market/);
    await page.locator(".search-page__count").waitFor();
    expect(loads).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
  });

  it("leaves ModMe loading as before", async () => {
    const tp = await openPage();
    await signInViaApi(tp, "moderator");
    await tp.page.goto(tp.url("/modme"));
    await tp.page.getByRole("heading", { name: "ModMe Login", exact: true }).waitFor();
  });
});

describe("ModMe deploys alone", () => {
  afterAll(async () => {
    rebuild("modme");
    await control("/restart/modme", "POST");
  });

  it("a new ModMe build shows under /modme; the gateway and the reader are untouched", async () => {
    const gatewayPid = (await control("/gateway-pid")).pid;
    const gatewayFiles = gatewayBuild();
    rebuild("modme", { MODME_NOTICE });
    expect(await control("/restart/modme", "POST")).toEqual({ restarted: "modme" });
    expect(gatewayBuild()).toBe(gatewayFiles);
    expect((await control("/gateway-pid")).pid).toBe(gatewayPid);

    const tp = await openPage();
    const errors = collectErrors(tp.page);
    await signInViaApi(tp, "moderator");
    await tp.page.goto(tp.url("/modme"));
    await tp.page.getByText(MODME_NOTICE).waitFor();
    await tp.page.goto(tp.url("/"));
    await tp.page.waitForFunction(() => document.getElementById("remote-root")?.dataset.mounted === "hydrated");
    expect(errors).toEqual([]);
  });
});

describe("the shell's shared code changes, the reader does not", () => {
  afterAll(async () => {
    rebuild("shell");
    // Until the gateway serves the restored shell again (expect.poll belongs in tests, not hooks).
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      if (!(await servedHtml("/")).includes(SERVICE_NOTICE)) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error("the gateway still serves the shell with the test's service notice");
  });

  it("renders the reader's older markup anew instead of hydrating a mismatch", async () => {
    rebuild("shell", { SERVICE_NOTICE });
    // The gateway serves the new shell once wrangler has reloaded it.
    await expect.poll(() => servedHtml("/"), { timeout: 30_000 }).toContain(SERVICE_NOTICE);
    const { page, url } = await openPage();
    const errors = collectErrors(page);
    await page.goto(url("/"));
    await page.getByText(SERVICE_NOTICE).waitFor();
    await page.waitForFunction(() => document.getElementById("remote-root")?.dataset.mounted === "rendered");
    expect(await page.locator("main .article-list > li").count()).toBeGreaterThanOrEqual(20);
    expect(errors).toEqual([]);
  });
});

describe("the local stack looks after its Workers", () => {
  it("starts a remote's Worker again when its process exits, and says so in the log, within 30 s", async () => {
    const before = (await control("/remote-pid/modme")).pid as number;
    expect(before).toBeGreaterThan(0);
    const gatewayPid = (await control("/gateway-pid")).pid;
    // As when its `wrangler dev` ends on its own (it stops its workerd with it).
    process.kill(before, "SIGTERM");
    const manifest = () =>
      fetch(new URL("/remotes/modme/manifest.json", inject("baseUrl")))
        .then((response) => response.status)
        .catch(() => 0);
    await expect
      .poll(async () => ((await control("/remote-pid/modme")).pid !== before ? await manifest() : 0), {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(200);
    const log = readFileSync(inject("stackLog"), "utf8");
    expect(log).toContain("The modme Worker (wrangler dev) exited");
    expect(log).toContain("The modme Worker is running again.");
    // The rest of the stack went on as it was.
    expect((await control("/gateway-pid")).pid).toBe(gatewayPid);
    const { page, url } = await openPage();
    await page.goto(url("/modme/login"));
    await page.waitForURL((address) => address.pathname === "/login");
  });
});
