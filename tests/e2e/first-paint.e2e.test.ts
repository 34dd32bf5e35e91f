// The first HTML (docs/decisions/016-fragments.md): the page the gateway composes holds the feed and
// the article page (the reader's Worker renders them), the browser hydrates it without moving
// anything, and a phone sees a story on its first screen.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { APP_READY } from "../../workers/shared/src/contracts/page.ts";
import { articlePath } from "../../workers/shared/src/contracts/paths.ts";
import { signInViaApi } from "./auth.ts";
import { closeBrowser, openPage, takeCspViolations } from "./page.ts";

afterAll(closeBrowser);

interface ListedArticle {
  id: string;
  title: string;
  tldr: string;
  url: string;
}

const base = () => inject("baseUrl");
const articlePathOf = (article: ListedArticle) => articlePath(article);

let first: ListedArticle;
beforeAll(async () => {
  const response = await fetch(`${base()}/api/articles?page=1&limit=20&sort=date&period=7d`);
  first = ((await response.json()) as { data: ListedArticle[] }).data[0]!;
});

/** Layout shifts of the whole visit, recorded from before the page's first byte. */
interface Shift {
  value: number;
  /** When (ms) and what moved: each source's element and class, so a failure says where to look. */
  at: number;
  moved: string[];
}
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as { value: number; sources?: { node?: Node | null }[] };
        shifts.push({
          value: shift.value,
          at: Math.round(entry.startTime),
          moved: (shift.sources ?? []).map(({ node }) =>
            node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName),
          ),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}
/**
 * The shifts until the page was ready (every root hydrated: the data-app-ready mark). Later ones are
 * answers that changed since the page was rendered (a count another test file moved), not loading.
 */
const shiftsWhileLoading = (page: Page) =>
  page.evaluate((ready) => {
    const readyAt = performance.getEntriesByName(ready)[0]?.startTime ?? Number.POSITIVE_INFINITY;
    return (window as unknown as { __shifts: Shift[] }).__shifts.filter((shift) => shift.at <= readyAt);
  }, APP_READY);

describe("with JavaScript off", () => {
  it("/ reads: the first story's title, TLDR and link", async () => {
    const { page, url } = await openPage({ javaScriptEnabled: false });
    await page.goto(url("/"));
    const card = page.locator("main .article-list > li").first();
    const link = card.locator("h2 a");
    expect(await link.textContent()).toBe(first.title);
    expect(await link.getAttribute("href")).toBe(articlePathOf(first));
    expect(await card.textContent()).toContain(first.tldr);
    expect(await page.locator("main .article-list > li").count()).toBe(20);
  });

  it("an article reads: its title, TLDR and the link to the source", async () => {
    const { page, url } = await openPage({ javaScriptEnabled: false });
    await page.goto(url(articlePathOf(first)));
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(first.title);
    expect(await page.locator("main").textContent()).toContain(first.tldr);
    expect(await page.getByRole("link", { name: /^Read at / }).getAttribute("href")).toBe(first.url);
  });

  it("the link on / opens the article, still without JavaScript", async () => {
    const { page, url } = await openPage({ javaScriptEnabled: false });
    await page.goto(url("/"));
    await page.locator("main .article-list > li h2 a").first().click();
    await page.waitForURL(url(articlePathOf(first)));
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(first.title);
  });
});

describe("with JavaScript on", () => {
  for (const [name, path] of [
    ["/", () => "/"],
    ["an article", () => articlePathOf(first)],
  ] as const) {
    it(`${name}: no layout shift above 0.01 while loading and hydrating`, async () => {
      for (const width of [390, 1280]) {
        const { page, url, requests } = await openPage({ width });
        await recordShifts(page);
        await page.goto(url(path()), { waitUntil: "load" });
        await page.waitForLoadState("networkidle");
        // Hydrated: the reader remote is running (its Refresh/Share buttons answer), every root ready.
        await page.waitForFunction(() => document.querySelector("[data-remote=reader]") !== null);
        await page.waitForFunction((ready) => document.documentElement.hasAttribute(ready), APP_READY);
        const shifts = await shiftsWhileLoading(page);
        expect(
          shifts.filter(({ value }) => value > 0.01),
          `${path()} at ${width} px`,
        ).toEqual([]);
        // The page's own data came inline: no second request for it.
        const dataRequests = requests.filter((r) =>
          /\/api\/articles(\?|\/[^/]+$)/.test(new URL(r).pathname + new URL(r).search),
        );
        expect(dataRequests, `${path()} at ${width} px`).toEqual([]);
      }
    });
  }

  it("starts the app from inert script tags once the page has painted, within the CSP", async () => {
    const { page, url } = await openPage();
    const response = await page.goto(url("/"));
    // As served: no script of the app is fetched while the HTML is parsed (start-app.js starts them).
    const served = (await response!.text()).replace(/<script type="application\/json"[\s\S]*?<\/script>/, "");
    expect(served).not.toMatch(/type="module"|rel="modulepreload"/);
    expect(served).toMatch(/<script type="text\/plain" data-start-after-paint/);
    // Started: the reader hydrated the page (openPage waits for it), and the theme and start-app
    // scripts ran inline under the response's CSP nonce.
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-reader-ready"))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toMatch(/^(light|dark)$/);
    expect(takeCspViolations()).toEqual([]);
  });

  type Styles = { display: string; maxWidth: string };
  // Each with a rule of its own CSS (the reader's App, the article route's chunk) and a value it sets.
  for (const [name, path, selector, styled] of [
    ["/", () => "/", ".article-list", (style: Styles) => style.display === "grid"],
    ["an article", () => articlePathOf(first), ".article-page", (style: Styles) => style.maxWidth !== "none"],
  ] as const) {
    it(`${name} asks for no stylesheet it carries inline, during the whole visit (until ready and 3 s after)`, async () => {
      const { page, url } = await openPage();
      const stylesheets: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "stylesheet") stylesheets.push(new URL(request.url()).pathname);
      });
      await page.goto(url(path()));
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-app-ready"));
      // Late fetches count too (a preload after hydration, an idle chunk): watch until 3 s past ready.
      await page.waitForFunction(
        (ready) => performance.now() >= (performance.getEntriesByName(ready)[0]?.startTime ?? 0) + 3000,
        APP_READY,
        { polling: 250 },
      );
      const inlined = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLStyleElement>("style[data-href]"), (style) => style.dataset.href),
      );
      expect(inlined.length).toBeGreaterThanOrEqual(2);
      expect(stylesheets.filter((path) => inlined.includes(path))).toEqual([]);
      expect(stylesheets).toEqual([]);
      // Styled all the same: the inline CSS applies.
      const style = await page.locator(selector).evaluate((element) => {
        const computed = getComputedStyle(element);
        return { display: computed.display, maxWidth: computed.maxWidth };
      });
      expect(styled(style)).toBe(true);
    });
  }

  it("a client-side move to a page whose CSS was not inlined loads that CSS once, and is styled by it", async () => {
    const { page, url } = await openPage();
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stylesheets.push(new URL(request.url()).pathname);
    });
    await page.goto(url("/"));
    const inlinedOnHome = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLStyleElement>("style[data-href]"), (style) => style.dataset.href),
    );
    await page.locator("main .article-list > li h2 a").first().click();
    await page.waitForURL(url(articlePathOf(first)));
    await page.locator(".article-page").waitFor();
    expect(await page.locator(".article-page").evaluate((element) => getComputedStyle(element).maxWidth)).not.toBe(
      "none",
    );
    // The article's own stylesheet, fetched once; nothing / had inline fetched at all.
    expect(stylesheets.filter((path) => inlinedOnHome.includes(path))).toEqual([]);
    const articleCss = stylesheets.filter((path) => /\/ArticleRoute-[^/]+\.css$/.test(path));
    expect(articleCss).toHaveLength(1);
    expect(new Set(stylesheets).size).toBe(stylesheets.length);
  });

  it("/ and an article fetch their app scripts marked for eager compilation (V8's compile hint opens each)", async () => {
    const { page, url } = await openPage();
    const fetched = new Set<string>();
    for (const path of ["/", articlePathOf(first)]) {
      await page.goto(url(path));
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-app-ready"));
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((entry) => new URL(entry.name))
          .filter((address) => address.pathname.endsWith(".js"))
          .map((address) => address.pathname + address.search),
      );
      for (const script of scripts) fetched.add(script);
    }
    // The shell's (with the modules its import map names) and the reader's (its entry, its App, the
    // article's chunk); no federation runtime (ADR 023).
    expect([...fetched]).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/web-shared-/),
        expect.stringMatching(/^\/assets\/shared\/react-/),
        expect.stringMatching(/^\/remotes\/reader\/entry\.js/),
        expect.stringMatching(/^\/remotes\/reader\/assets\/App-/),
        expect.stringMatching(/^\/remotes\/reader\/assets\/ArticleRoute-/),
      ]),
    );
    expect([...fetched].filter((script) => /mf-runtime|remoteEntry|mf-entry-bootstrap/.test(script))).toEqual([]);
    const unmarked: string[] = [];
    for (const script of fetched) {
      const body = await (await fetch(url(script))).text();
      if (!body.startsWith("//# allFunctionsCalledOnLoad\n")) unmarked.push(script);
    }
    expect(unmarked).toEqual([]);
  });

  it("the server's card markup is the markup the browser renders (one component, no second copy)", async () => {
    // As served, read with JavaScript off: the gateway's rendering.
    const server = await openPage({ javaScriptEnabled: false });
    await server.page.goto(server.url("/"));
    const serverCard = await server.page.locator("main .article-list > li").first().innerHTML();
    // The same page rendered by the browser itself from the API (the first HTML taken out).
    const client = await openPage();
    let firstHtmlRemoved = false;
    await client.page.route(client.url("/"), async (route) => {
      const response = await route.fetch();
      const served = await response.text();
      const html = served.replace(
        /<div id="remote-root" data-root data-owner="reader" data-rendered[^>]*>[\s\S]*<\/div><script type="application\/json" data-page-data>[\s\S]*?<\/script>/,
        '<div id="remote-root" data-root data-owner="reader"></div>',
      );
      firstHtmlRemoved = html !== served;
      await route.fulfill({ response, body: html });
    });
    await client.page.goto(client.url("/"));
    // The first HTML must really be gone, or this compares the server's markup with itself.
    expect(firstHtmlRemoved).toBe(true);
    await client.page.locator("main .article-list > li").nth(19).waitFor();
    const clientCard = await client.page.locator("main .article-list > li").first().innerHTML();
    // React's generated ids differ between a server render and a client render, and the browser
    // sets an image's src last (so `loading` applies first): attributes are compared as sets.
    const withoutIds = (html: string) =>
      html
        .replace(/<!--.*?-->/g, "")
        // The figures may differ between the two loads (another file's votes and comments, counts
        // that arrive after the cards, a minute that turns): the markup is compared, not the
        // counts and relative times in it.
        .replace(/>\d+</g, ">#<")
        .replace(/>\d+ comments?</g, "># comments<")
        .replace(/(<time[^>]*>)[^<]*</g, "$1#<")
        .replace(/\(\d+\)"/g, '(#)"')
        .replace(/\s(id|for|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/g, "")
        .replace(/<(\w+)((?:\s[^\s=>]+(?:="[^"]*")?)*)\s*>/g, (_tag, name: string, attributes: string) => {
          const sorted = (attributes.match(/[^\s=>]+(?:="[^"]*")?/g) ?? []).sort().join(" ");
          return `<${name}${sorted ? ` ${sorted}` : ""}>`;
        });
    expect(withoutIds(serverCard)).toContain(first.title);
    expect(withoutIds(clientCard)).toBe(withoutIds(serverCard));
  });
});

describe("ModMe, rendered in the browser", () => {
  it("paints its page's heading with the first HTML, and mounts over it without moving anything", async () => {
    for (const width of [390, 1280]) {
      const tp = await openPage({ width });
      await signInViaApi(tp, "moderator");
      await recordShifts(tp.page);
      const response = await tp.page.goto(tp.url("/modme/login"), { waitUntil: "load" });
      // The heading is the server's: ModMe's Worker sends the frame, the gateway puts it in the page.
      expect(await response!.text()).toContain("<h1>ModMe Login</h1>");
      await tp.page.getByLabel("Password", { exact: true }).waitFor();
      await tp.page.waitForLoadState("networkidle");
      expect(await tp.page.getByRole("heading", { level: 1 }).textContent()).toBe("ModMe Login");
      // No spinner above the frame, no footer jumping down when ModMe's page replaces it.
      const shifts = await tp.page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
      expect(
        shifts.filter(({ value }) => value > 0.01),
        `at ${width} px`,
      ).toEqual([]);
    }
  });
});

describe("on a phone", () => {
  for (const width of [360, 390, 414]) {
    it(`shows the first story's title on the first screen at ${width} px`, async () => {
      const { page, url } = await openPage({ width, height: 740, javaScriptEnabled: false });
      await page.goto(url("/"));
      const box = await page.locator("main .article-list > li h2 a").first().boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(740);
    });
  }
});
