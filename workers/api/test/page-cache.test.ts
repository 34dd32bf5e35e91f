// Pages from the edge cache (ADR 020): a reader's page is rendered once per key and served from the
// isolate's tier or the Cache API, each answer with a nonce of its own that its CSP header names; a hide
// shows at once (the content version is in the key); a 404, a degraded page and a page whose stream broke
// off are never kept; a stale page is served while one background render refreshes it; a page is never
// answered 304; a nonce-like text is never rewritten.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { PAGE_FRESH_MS } from "@unbiased/worker-shared/contracts/page";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { cachedPage, forgetPagesInMemory, type PageCacheInput, type RenderedPage } from "../src/pages/page-cache.ts";
import { BASE, bearer, devSignIn } from "./support/session.ts";

const page = (path: string, headers: Record<string, string> = {}) => SELF.fetch(`${BASE}${path}`, { headers });
const cspNonce = (response: Response) =>
  /script-src [^;]*'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
const state = (response: Response) => /page;desc="(\w+)"/.exec(response.headers.get("Server-Timing") ?? "")?.[1];
/** The nonces the page's elements carry. */
const nonces = (html: string) =>
  new Set([...html.matchAll(/<(?:script|style|link|meta)[^>]* nonce="([^"]+)"/g)].map((m) => m[1]));

/** Waits until the first answer's copy has landed in the tiers (they are filled after the answer streams). */
async function settled(path: string) {
  for (let i = 0; i < 40; i++) {
    const response = await page(path);
    await response.text();
    if (state(response) === "hit") return;
    await scheduler.wait(50);
  }
  throw new Error(`${path} was never kept`);
}

beforeAll(async () => {
  await insertArticle(env.DB, { id: "cached-story", title: "Harbour lights return for the winter festival" });
});

describe("a reader's page", () => {
  it("is rendered once, then served from the cache, each answer with its own nonce, the one its CSP names", async () => {
    const first = await page("/");
    expect(state(first)).toBe("miss");
    const firstHtml = await first.text();
    await settled("/");
    const second = await page("/");
    const third = await page("/");
    expect([state(second), state(third)]).toEqual(["hit", "hit"]);
    const answers = [
      { nonce: cspNonce(first), html: firstHtml },
      { nonce: cspNonce(second), html: await second.text() },
      { nonce: cspNonce(third), html: await third.text() },
    ];
    for (const { nonce, html } of answers) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
      expect([...nonces(html)]).toEqual([nonce]);
    }
    expect(new Set(answers.map((answer) => answer.nonce)).size).toBe(3);
    expect(second.status).toBe(200);
  });

  it("comes from the Cache API with a fresh nonce too, when the isolate's tier does not have it", async () => {
    await page("/category/tech").then((r) => r.text());
    await settled("/category/tech");
    forgetPagesInMemory();
    const fromCacheApi = await page("/category/tech");
    expect(state(fromCacheApi)).toBe("hit");
    const html = await fromCacheApi.text();
    expect([...nonces(html)]).toEqual([cspNonce(fromCacheApi)]);
  });

  it("keys on the parameters its page reads: a tracking parameter finds the same page", async () => {
    await settled("/");
    const tagged = await page("/?utm_source=newsletter&ref=x");
    expect(state(tagged)).toBe("hit");
    expect(await tagged.text()).toContain("Harbour lights return");
  });

  it("is never answered 304, whatever the request's validators", async () => {
    await settled("/");
    const response = await page("/", { "If-None-Match": "*", "If-Modified-Since": new Date().toUTCString() });
    expect(response.status).toBe(200);
    expect(response.headers.get("ETag")).toBeNull();
  });

  it("loses a hidden article at once: the hide bumps the content version in the key", async () => {
    await settled("/");
    expect(await (await page("/")).text()).toContain("Harbour lights return");
    const admin = await devSignIn("admin", "Page Cache Admin");
    const hidden = await SELF.fetch(`${BASE}/api/articles/admin/cached-story/hide`, {
      method: "PUT",
      headers: { ...bearer(admin.token), "content-type": "application/json" },
      body: JSON.stringify({ reason: "Duplicate" }),
    });
    expect(hidden.status).toBe(200);
    const after = await page("/");
    expect(state(after)).toBe("miss");
    expect(await after.text()).not.toContain("Harbour lights return");
  });

  it("keeps no 404: a missing article is rendered each time, never served as a cached 200", async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await page("/article/no-such-story/no-such-id");
      expect(missing.status).toBe(404);
      expect(state(missing)).toBe("miss");
      await missing.text();
      await scheduler.wait(50);
    }
  });
});

/** A cachedPage call with a page of the test's own making. */
function call(key: string, render: () => Promise<RenderedPage | null>) {
  const ctx = createExecutionContext();
  const notes: string[] = [];
  let renders = 0;
  const input: PageCacheInput = {
    key,
    render: async () => {
      renders++;
      return render();
    },
    waitUntil: (promise) => ctx.waitUntil(promise),
    note: ({ pageCache }) => notes.push(pageCache),
  };
  return {
    answer: cachedPage(input),
    done: () => waitOnExecutionContext(ctx),
    notes,
    renders: () => renders,
  };
}

const htmlPage = (html: string, degraded = false): RenderedPage => ({
  response: new Response(html, { status: 200, headers: { "Content-Type": "text/html" } }),
  degraded,
});

describe("what the page cache keeps", () => {
  it("gives a fresh nonce to the elements carrying the render's, and a text that names it stays as it was", async () => {
    // A render that uses the nonce it is given, as composePage does.
    const withNonce = (nonce: string) =>
      htmlPage(`<script nonce="${nonce}">1</script><p>Title: nonce="${nonce}"</p><style nonce="${nonce}">p{}</style>`);
    const ctx = createExecutionContext();
    let given = "";
    const answer = (await cachedPage({
      key: "https://pages.cache/nonce-given",
      render: async (nonce) => {
        given = nonce;
        return withNonce(nonce);
      },
      waitUntil: (promise) => ctx.waitUntil(promise),
      note: () => {},
    }))!;
    const body = await answer.text();
    await waitOnExecutionContext(ctx);
    const fresh = cspNonce(answer)!;
    expect(fresh).not.toBe(given);
    expect(body).toBe(
      `<script nonce="${fresh}">1</script><p>Title: nonce="${given}"</p><style nonce="${fresh}">p{}</style>`,
    );
    // The kept copy, from the isolate and then from the Cache API: the same, each with its own nonce.
    for (const tier of ["memory", "Cache API"]) {
      if (tier === "Cache API") forgetPagesInMemory();
      const kept = (await cachedPage({
        key: "https://pages.cache/nonce-given",
        render: async () => {
          throw new Error("a kept page is not rendered again");
        },
        waitUntil: () => {},
        note: () => {},
      }))!;
      const again = cspNonce(kept)!;
      expect([fresh, given]).not.toContain(again);
      expect(await kept.text()).toBe(
        `<script nonce="${again}">1</script><p>Title: nonce="${given}"</p><style nonce="${again}">p{}</style>`,
      );
    }
  });

  it("does not keep a degraded page (the reader's part failed or missed its counts)", async () => {
    for (let i = 0; i < 2; i++) {
      const made = call("https://pages.cache/degraded", async () => htmlPage("<p>partial</p>", true));
      expect((await made.answer)?.status).toBe(200);
      await (await made.answer)?.text();
      await made.done();
      expect(made.notes).toEqual(["miss"]);
    }
  });

  it("does not keep a page whose stream broke off half-way", async () => {
    const broken = () => {
      const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
      const writer = writable.getWriter();
      void writer.write(new TextEncoder().encode("<p>half")).then(() => writer.abort(new Error("reader failed")));
      return { response: new Response(readable, { status: 200 }), degraded: false } satisfies RenderedPage;
    };
    const first = call("https://pages.cache/broken", async () => broken());
    await (await first.answer)?.text().catch(() => "");
    await first.done();
    const second = call("https://pages.cache/broken", async () => htmlPage("<p>whole</p>"));
    await (await second.answer)?.text();
    await second.done();
    expect(second.notes).toEqual(["miss"]);
  });

  it("serves a stale page at once and renders it again once, in the background", async () => {
    const key = "https://pages.cache/stale-test";
    await caches.default.put(
      key,
      new Response("<p>old</p>", {
        headers: {
          "Cache-Control": "public, max-age=90",
          "X-Page-Nonce-Marker": "old-marker",
          "X-Page-Stored-At": String(Date.now() - PAGE_FRESH_MS - 5_000),
        },
      }),
    );
    forgetPagesInMemory();
    const stale = call(key, async () => htmlPage("<p>new</p>"));
    const answer = (await stale.answer)!;
    expect(await answer.text()).toBe("<p>old</p>");
    expect(stale.notes).toEqual(["stale"]);
    await stale.done();
    expect(stale.renders()).toBe(1);
    const next = call(key, async () => htmlPage("<p>newer</p>"));
    expect(await (await next.answer)?.text()).toBe("<p>new</p>");
    expect(next.notes).toEqual(["hit"]);
    expect(next.renders()).toBe(0);
  });

  it("renders a page once however many requests of the isolate ask for it together", async () => {
    let renders = 0;
    const ctx = createExecutionContext();
    const slow = async () => {
      renders++;
      await scheduler.wait(100);
      return htmlPage("<p>once</p>");
    };
    // Each reader reads their answer as it comes, as a browser does.
    const bodies = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const answer = await cachedPage({
          key: "https://pages.cache/together",
          render: slow,
          waitUntil: (promise) => ctx.waitUntil(promise),
          note: () => {},
        });
        return answer?.text();
      }),
    );
    expect(bodies).toEqual(Array.from({ length: 5 }, () => "<p>once</p>"));
    await waitOnExecutionContext(ctx);
    expect(renders).toBe(1);
  });
});
