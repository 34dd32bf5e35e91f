// Pages composed by the gateway (docs/decisions/016-fragments.md): the shell's parts rendered here,
// the reader's part from the reader's own Worker (the built one, over the READER binding), the page's
// status from the reader, the per-response CSP nonce on every inline part, and the remotes' files
// answered by their own Workers. Needs `npm run build` (the shell's index.html, the remotes' builds).
import { env, SELF } from "cloudflare:test";
import type { RemoteManifest } from "@unbiased/worker-shared/contracts/page";
import type { ReaderRpc } from "@unbiased/worker-shared/contracts/rpc";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { parseShellDocument } from "../src/pages/document.ts";
import { askReader } from "../src/pages/fragment.ts";
import { modmeFrame } from "../src/pages/modme-frame.ts";
import { remoteHeadTags } from "../src/pages/remote-head.ts";

const BASE = "http://127.0.0.1";
let article: Awaited<ReturnType<typeof insertArticle>>;

beforeAll(async () => {
  article = await insertArticle(env.DB, { title: "Harbour ferries return to the timetable" });
});

const page = async (path: string) => {
  const response = await SELF.fetch(`${BASE}${path}`);
  return { response, html: await response.text() };
};
const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1] ?? "";

describe("a reader page", () => {
  it("is the shell's header and footer around the reader's server-rendered part, with its data and entry", async () => {
    const { response, html } = await page("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(html).toMatch(/<div id="shell-top" class="site-part" data-root>.*<header class="site-header"/s);
    expect(html).toMatch(
      /<div id="remote-root" data-root data-owner="reader" data-rendered="hydrate" data-rendered-with="[^"]+" data-first-html="\d+">/,
    );
    expect(html).toContain(article.title);
    expect(html).toMatch(/<div id="shell-bottom" class="site-part" data-root><footer class="site-footer"/);
    expect(html).toMatch(/<script type="application\/json" data-page-data>\{.*<\/script>/s);
    expect(html).toMatch(/<meta name="remote-entry:reader" content="\/remotes\/reader\/entry\.js\?v=\w+">/);
  });

  it("carries the dates its markup shows, as the markup shows them, for the browser to hydrate from", async () => {
    const { html } = await page("/");
    const block = /<script type="application\/json" data-time-texts>(.*?)<\/script>/s.exec(html)?.[1];
    const texts = JSON.parse(block ?? "{}") as Record<string, string>;
    const full = texts[`full|America/New_York|${article.sourcedTime}`];
    expect(full).toMatch(/^\w+day, \w+ \d+, \d{4} at \d+:\d\d [AP]M E[SD]T$/);
    expect(html).toContain(`title="${full}"`);
    // The block comes after the markup it was made from, beside the page's data.
    expect(html.indexOf("data-time-texts")).toBeGreaterThan(html.indexOf("data-page-data"));
  });

  it("carries the response's nonce on every inline script and style, and a CSP that allows nothing else inline", async () => {
    const { response, html } = await page("/");
    const nonce = nonceOf(response);
    expect(nonce.length).toBeGreaterThanOrEqual(16);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
    const inline = [
      ...html.matchAll(/<(script|style)(?![^>]*\bsrc=)(?![^>]*type="(?:application\/json|text\/plain)")[^>]*>/g),
    ];
    expect(inline.length).toBeGreaterThan(1);
    for (const [tag] of inline) expect(tag).toContain(`nonce="${nonce}"`);
    expect(nonceOf(await SELF.fetch(`${BASE}/`))).not.toBe(nonce);
  });

  it("carries its small stylesheets inline: no stylesheet round trip before the first paint", async () => {
    const { response, html } = await page("/");
    const head = html.slice(0, html.indexOf("</head>"));
    // No stylesheet link at all, not even a disabled one (a browser may fetch that too): each inlined
    // file is named by its <style data-href>, which the client's preload helper counts as loaded.
    expect(head).not.toMatch(/<link rel="stylesheet"/);
    expect([...head.matchAll(/<style [^>]*data-href="[^"]+\.css"/g)].length).toBeGreaterThanOrEqual(2);
    const shellCss = /<style ([^>]*data-href="(\/assets\/[^"]+\.css)"[^>]*)>([^<]+)<\/style>/.exec(head);
    expect(shellCss?.[1]).toContain(`nonce="${nonceOf(response)}"`);
    // The shell's own file, as the gateway's static assets hold it.
    const file = await env.ASSETS.fetch(`${BASE}${shellCss?.[2]}`);
    expect(await file.text()).toBe(shellCss?.[3]);
  });

  it("seeds its lists with what their items show: a card's fields, a search result's, never the summaries", async () => {
    const dataOf = (html: string) =>
      JSON.parse(/<script type="application\/json" data-page-data>(.*?)<\/script>/s.exec(html)?.[1] ?? "{}") as Record<
        string,
        unknown
      >;
    const feed = dataOf((await page("/")).html);
    const pages = Object.entries(feed).find(([key]) => key.startsWith("pages:"))?.[1] as
      | { data: Record<string, unknown>[] }[]
      | undefined;
    const cards = pages?.[0]?.data ?? [];
    const card = cards.find((item) => item.id === article.id);
    expect(card).toMatchObject({ title: article.title, domain: article.domain, sourcedTime: article.sourcedTime });
    expect(Object.keys(card ?? {}).sort()).toEqual(
      ["categories", "domain", "id", "imageAttribution", "sourcedTime", "thumbnailUrl", "title", "tldr"].sort(),
    );

    const found = dataOf((await page("/search?q=harbour")).html);
    const answer = Object.entries(found).find(([key]) => key.startsWith("/api/articles/search/"))?.[1] as
      | { data: Record<string, unknown>[] }
      | undefined;
    const result = answer?.data[0];
    expect(Object.keys(result ?? {}).sort()).toEqual(["domain", "highlights", "id", "sourcedTime", "title"]);
    expect(JSON.stringify(found)).not.toMatch(/detailedSummary|shortSummary/);
  });

  it("answers a missing article with 404, its page still composed", async () => {
    const { response, html } = await page("/article/no-such-story/no-such-id");
    expect(response.status).toBe(404);
    expect(html).toContain('<header class="site-header"');
  });

  it("shows an article in the HTML, readable without JavaScript", async () => {
    const { response, html } = await page(`/article/${article.id}`);
    expect(response.status).toBe(200);
    expect(html).toContain(article.tldr ?? "");
  });
});

describe("other pages", () => {
  it("leaves ModMe's part to the browser but for its frame: the page's heading and the guard's loading line", async () => {
    const { response, html } = await page("/modme/comments");
    expect(response.status).toBe(200);
    expect(html).toContain(
      '<div id="remote-root" data-root data-owner="modme"><div class="modme" data-remote="modme">',
    );
    expect(html).toContain("<h1>Comment Moderation</h1>");
    expect(html).toContain('<p class="modme-guard" role="status">Loading authentication...</p>');
    expect(html).not.toContain("data-page-data");
  });

  it("names ModMe's entry and its first files in the head, as its own Worker's manifest lists them", async () => {
    const manifest = (await (await SELF.fetch(`${BASE}/remotes/modme/manifest.json`)).json()) as RemoteManifest;
    const { html } = await page("/modme/comments");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain(`<meta name="remote-entry:modme" content="${manifest.entry}">`);
    const preloads = [
      ...head.matchAll(/<link rel="modulepreload-after-paint" crossorigin href="(\/remotes\/modme\/[^"]+)">/g),
    ].map(([, href]) => href);
    expect(preloads).toEqual([manifest.entry, ...manifest.modulePreloads]);
    // Started after the first paint, like the scripts of a page whose content is in the HTML.
    expect(head).not.toMatch(/rel="modulepreload" [^>]*remotes\/modme/);
    // A reader page names no ModMe file.
    expect((await page("/")).html).not.toContain("/remotes/modme/");
  });

  it("answers a path no one owns with 404 and the shell's 'Page not found'", async () => {
    const { response, html } = await page("/no-such-page");
    expect(response.status).toBe(404);
    expect(html).toContain("Page not found");
  });

  it("answers a missing file with a JSON 404, never a page", async () => {
    const response = await SELF.fetch(`${BASE}/assets/no-such-chunk.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toContain("application/json");
  });
});

describe("a remote's head tags", () => {
  // The gateway's checks of what a remote's Worker answers, which the built Worker never gets wrong:
  // a stand-in binding answers each manifest.
  const answering = (body: unknown, status = 200) =>
    ({
      fetch: async () => (typeof body === "string" ? new Response(body, { status }) : Response.json(body, { status })),
    }) as unknown as Fetcher;
  const entry = "/remotes/modme/entry.js?v=1";

  it("name the entry and its modules, escaped", async () => {
    const tags = await remoteHeadTags(
      answering({ name: "modme", entry, modulePreloads: ["/remotes/modme/assets/a&b.js"] }),
      BASE,
      "modme",
      { requestId: "test" },
    );
    expect(tags).toBe(
      `<meta name="remote-entry:modme" content="${entry}">` +
        `<link rel="modulepreload-after-paint" crossorigin href="${entry}">` +
        '<link rel="modulepreload-after-paint" crossorigin href="/remotes/modme/assets/a&amp;b.js">',
    );
  });

  it("preload the shared modules the remote imports that the shell's head does not, from its import map", async () => {
    const importMap = {
      imports: {
        react: "/assets/shared/react-1.js",
        "@unbiased/web-shared/admin": "/assets/shared/admin-1.js",
        elsewhere: "https://elsewhere.example/x.js",
      },
    };
    const shellHead = `<script type="importmap">${JSON.stringify(importMap)}</script><link rel="modulepreload" crossorigin href="/assets/shared/react-1.js">`;
    const manifest = {
      name: "modme",
      entry,
      modulePreloads: [],
      sharedImports: ["react", "@unbiased/web-shared/admin", "elsewhere", "not-in-the-map"],
    };
    const tags = await remoteHeadTags(answering(manifest), BASE, "modme", {
      requestId: "test",
      shellHead: Promise.resolve(shellHead),
    });
    expect(tags).toBe(
      `<meta name="remote-entry:modme" content="${entry}">` +
        `<link rel="modulepreload-after-paint" crossorigin href="${entry}">` +
        '<link rel="modulepreload-after-paint" crossorigin href="/assets/shared/admin-1.js">',
    );
    // A shell head whose import map cannot be read gives none.
    const damaged = await remoteHeadTags(answering(manifest), BASE, "modme", {
      requestId: "test",
      shellHead: Promise.resolve('<script type="importmap">{"imports":</script>'),
    });
    expect(damaged).not.toContain("/assets/shared/");
  });

  it("carry the first mount's CSS inline with the page's nonce, or as a link when it cannot be inlined", async () => {
    const css = ".modme .modme-guard { padding: 2rem 0; }";
    const pathOf = (input: Request | URL) => new URL(input instanceof Request ? input.url : input).pathname;
    const files = {
      fetch: async (input: Request | URL) =>
        pathOf(input).endsWith(".css")
          ? pathOf(input).includes("missing")
            ? new Response("", { status: 404 })
            : new Response(css)
          : Response.json({
              name: "modme",
              entry,
              modulePreloads: [],
              stylesheets: ["/remotes/modme/assets/mount-1.css", "/remotes/modme/assets/missing-1.css"],
            }),
    } as unknown as Fetcher;
    const tags = await remoteHeadTags(files, BASE, "modme", { requestId: "test", nonce: "n0nce" });
    expect(tags).toContain(`<style nonce="n0nce" data-href="/remotes/modme/assets/mount-1.css">${css}</style>`);
    expect(tags).toContain('<link rel="stylesheet" crossorigin href="/remotes/modme/assets/missing-1.css">');
    // A stylesheet outside the remote makes the whole manifest untrusted: no tags at all.
    const outside = {
      fetch: async () =>
        Response.json({ name: "modme", entry, modulePreloads: [], stylesheets: ["/assets/other.css"] }),
    } as unknown as Fetcher;
    expect(await remoteHeadTags(outside, BASE, "modme", { requestId: "test" })).toBe("");
  });

  it("on a ModMe page, preload web-shared's admin module, which no reader page loads", async () => {
    const modmeResponse = await SELF.fetch(`${BASE}/modme`);
    const modme = await modmeResponse.text();
    // ModMe's own CSS is in the page, with the response's nonce: its frame is styled from the first paint.
    const sheet = /<style nonce="([^"]+)" data-href="\/remotes\/modme\/assets\/mount-[\w-]+\.css">/.exec(modme);
    expect(sheet?.[1]).toBe(nonceOf(modmeResponse));
    const admin = /"@unbiased\/web-shared\/admin": "([^"]+)"/.exec(modme)?.[1];
    expect(admin).toMatch(/^\/assets\/shared\/unbiased-web-shared-admin-[\w-]+\.js$/);
    expect(modme).toContain(`<link rel="modulepreload-after-paint" crossorigin href="${admin}">`);
    const { html: home } = await page("/");
    expect(home).not.toMatch(/modulepreload[^>]*unbiased-web-shared-admin/);
  });

  it.each([
    ["a module elsewhere", { name: "modme", entry, modulePreloads: ["https://elsewhere.example/a.js"] }, 200],
    ["an entry outside the remote", { name: "modme", entry: "/assets/x.js", modulePreloads: [] }, 200],
    [
      "a path that climbs out of it",
      { name: "modme", entry, modulePreloads: ["/remotes/modme/../../assets/a.js"] },
      200,
    ],
    ["another remote's name", { name: "reader", entry, modulePreloads: [] }, 200],
    ["no module list", { name: "modme", entry }, 200],
    ["no manifest", { success: false }, 404],
    ["a body that is not JSON", "<html>", 200],
  ])("are none for %s: the shell then asks for the manifest itself", async (_case, body, status) => {
    expect(await remoteHeadTags(answering(body, status), BASE, "modme", { requestId: "test" })).toBe("");
  });

  it("are none when the manifest takes longer than the page waits", async () => {
    const silent = { fetch: () => new Promise<Response>(() => {}) } as unknown as Fetcher;
    expect(await remoteHeadTags(silent, BASE, "modme", { requestId: "test" }, 20)).toBe("");
  });
});

describe("ModMe's frame in the first HTML", () => {
  const remoteRoot = (html: string) => /<div id="remote-root"[^>]*>([\s\S]*?)<\/div>\s*<\/main>/.exec(html)?.[1] ?? "";

  it("names the user's comments page by its pattern, and leaves a path ModMe does not have empty", async () => {
    expect(remoteRoot(await (await SELF.fetch(`${BASE}/modme/user/u-1/comments`)).text())).toContain(
      "<h1>User Comments</h1>",
    );
    const unknown = await SELF.fetch(`${BASE}/modme/no-such-tool`);
    expect(remoteRoot(await unknown.text())).toBe("");
  });

  // The gateway's checks of what ModMe's Worker answers: a stand-in binding answers each request.
  const answering = (body: string, status: number, type = "text/html; charset=utf-8") =>
    ({ fetch: async () => new Response(body, { status, headers: { "Content-Type": type } }) }) as unknown as Fetcher;

  it.each([
    ["a failure", answering("<p>oops</p>", 500)],
    ["an answer that is not HTML", answering('{"html":"<p>x</p>"}', 200, "application/json")],
    ["an answer too long to be a frame", answering(`<p>${"x".repeat(9000)}</p>`, 200)],
    ["no answer in time", { fetch: () => new Promise<Response>(() => {}) } as unknown as Fetcher],
  ])("is left out for %s: the page goes without it", async (_case, modme) => {
    expect(await modmeFrame(modme, BASE, "/modme/comments", { requestId: "test" }, 20)).toBe("");
  });
});

describe("the remotes' files", () => {
  it.each(["reader", "modme"])("come from the %s Worker: its manifest names its current entry", async (name) => {
    const response = await SELF.fetch(`${BASE}/remotes/${name}/manifest.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    const manifest = (await response.json()) as RemoteManifest;
    expect(manifest.name).toBe(name);
    const entry = await SELF.fetch(`${BASE}${manifest.entry}`);
    expect(entry.status).toBe(200);
    expect(await entry.text()).toContain("export");
    // The modules its first mount loads: the exposed module among them, each one served.
    expect(manifest.modulePreloads).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^/remotes/${name}/assets/(App|mount)-`))]),
    );
    for (const path of manifest.modulePreloads) expect((await SELF.fetch(`${BASE}${path}`)).status).toBe(200);
  });

  it("give a stale chunk a real 404 (JSON, never cached)", async () => {
    const response = await SELF.fetch(`${BASE}/remotes/reader/assets/App-gone.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("parseShellDocument", () => {
  const doc = (body: string) => `<html><head><title>x</title></head><body>${body}</body></html>`;
  const SHELL =
    '<div class="site"><div id="shell-top" class="site-part" data-root></div><main id="main"><div id="remote-root" data-root></div></main>' +
    '<div id="shell-bottom" class="site-part" data-root></div></div><script type="module" src="/a.js"></script>';

  it("cuts the shell's index.html where a page fills it in", () => {
    const parts = parseShellDocument(doc(SHELL));
    expect(parts?.head).toBe("<html><head><title>x</title>");
    const joined = [
      parts?.head,
      parts?.toTop,
      "TOP",
      parts?.toRemote,
      "<R>",
      parts?.toBottom,
      "BOTTOM",
      parts?.end,
    ].join("");
    expect(joined).toContain('<div id="shell-top" class="site-part" data-root>TOP</div>');
    expect(joined).toContain("<R></main>");
    expect(joined).toContain('<div id="shell-bottom" class="site-part" data-root>BOTTOM</div>');
  });

  it("refuses a document that is not the shell's", () => {
    expect(parseShellDocument(doc('<div id="root"></div>'))).toBeNull();
  });
});

describe("askReader", () => {
  it("gives up after the bound, so a slow reader costs the page its reader part, not the page", async () => {
    const never: Pick<ReaderRpc, "fragment"> = { fragment: () => new Promise(() => {}) };
    const started = Date.now();
    const outcome = await askReader(
      never,
      { url: "/", origin: BASE, nonce: "n" },
      async () => ({ status: 200, body: null }),
      {
        requestId: "test",
      },
      50,
    );
    expect(outcome).toEqual({ ok: false, reason: "no answer within 50 ms" });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("reports a reader that fails", async () => {
    const failing: Pick<ReaderRpc, "fragment"> = { fragment: () => Promise.reject(new Error("worker down")) };
    const outcome = await askReader(
      failing,
      { url: "/", origin: BASE, nonce: "n" },
      async () => ({ status: 200, body: null }),
      {
        requestId: "test",
      },
    );
    expect(outcome).toMatchObject({ ok: false, reason: "Error: worker down" });
  });
});
