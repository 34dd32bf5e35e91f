// The pieces of the first HTML that do not need a built web app: how the page and its data are put
// into the shell's HTML (the e2e test tests/e2e/first-paint.e2e.test.ts covers the whole page).
import { describe, expect, it } from "vitest";
import { headLinks, startScriptsAfterPaint } from "../src/first-html/assets.ts";
import { injectFirstPage } from "../src/first-html/inject.ts";

const SHELL =
  '<html><head><title>x</title></head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>';

describe("injectFirstPage", () => {
  it("puts the page in #root, its render minute on it, and the data inline before the app's script", () => {
    const html = injectFirstPage(SHELL, "<main>Hello</main>", { "/api/x": { a: 1 } }, 1_700_000_000_000);
    expect(html).toContain('<div id="root" data-first-html="1700000000000"><main>Hello</main></div>');
    expect(html).toContain('<script type="application/json" id="first-page-data">{"/api/x":{"a":1}}</script>');
    expect(html!.indexOf("first-page-data")).toBeLessThan(html!.indexOf('src="/a.js"'));
  });

  it("keeps text that looks like a replacement pattern, and never lets data close its script", () => {
    const html = injectFirstPage(SHELL, "<p>$& and $' stay</p>", { k: "</script><script>alert(1)</script>" }, 1)!;
    expect(html).toContain("<p>$& and $' stay</p>");
    expect(html).not.toContain("</script><script>alert(1)");
    expect(JSON.parse(html.match(/id="first-page-data">(.*?)<\/script>/)![1]!)).toEqual({
      k: "</script><script>alert(1)</script>",
    });
  });

  it("links the page's CSS and chunks in the head", () => {
    const links = headLinks(
      {
        feed: { css: ["/r/App.css"], js: ["/r/remoteEntry.js?v=1"] },
        article: { css: [], js: [] },
        search: { css: [], js: [] },
      },
      "feed",
    );
    const html = injectFirstPage(SHELL, "<main></main>", {}, 1, links)!;
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/r/App.css"><link rel="modulepreload" crossorigin href="/r/remoteEntry.js?v=1"></head>',
    );
  });

  it("makes a rendered page's scripts inert until start-app.js starts them, and leaves the page's text alone", () => {
    const html = injectFirstPage(SHELL, '<p>&lt;script type="module"&gt;</p>', {}, 1)!.replace(
      "</head>",
      '<link rel="modulepreload" crossorigin href="/b.js"></head>',
    );
    const inert = startScriptsAfterPaint(html);
    expect(inert).toContain('<script type="text/plain" data-start-after-paint src="/a.js">');
    expect(inert).toContain('<link rel="modulepreload-after-paint" crossorigin href="/b.js">');
    expect(inert).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(inert).toContain('<p>&lt;script type="module"&gt;</p>');
  });

  it("leaves a shell without #root alone", () => {
    expect(injectFirstPage("<html><head></head><body></body></html>", "<main></main>", {}, 1)).toBeNull();
  });
});
