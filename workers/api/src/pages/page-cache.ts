// Composed pages from the cache (docs/decisions/020-pages-at-the-edge.md). A public page's first HTML is
// the same for every visitor, so it is rendered once per key (its address, the content version, the
// shell's and the reader's builds: page-key.ts, page-versions.ts) and kept in two tiers, a small one in
// the isolate and the data centre's Cache API. Fresh for 30 s, then served stale for 60 s more while one
// request of the isolate renders it again in the background (the Cache API ignores
// stale-while-revalidate: the Worker does it). Only a complete 200 is kept: a 404, or a page whose
// reader part failed, timed out, missed its counts or broke off while streaming, is answered and
// forgotten.
//
// Each response gets its own CSP nonce. A page is rendered with a placeholder nonce, random for each
// entry (a constant would hand any injected markup a valid nonce). Only the `script`, `style`, `link`
// and `meta` elements whose nonce attribute is that placeholder get the answer's nonce; text (a title,
// a comment) is never touched. The first answer is rewritten so as it streams. The kept copy is
// rewritten once, when it is kept: each such attribute gets a second random marker, and the page is
// kept cut at those markers, so a cached answer is its parts joined with a fresh nonce, with no HTML
// parsed per view. Header and body always agree, and no page is answered 304 (a new CSP header with
// an old body's nonces).
import { PAGE_FRESH_MS, PAGE_STALE_MS } from "@unbiased/worker-shared/contracts/page";
import { logLine } from "@unbiased/worker-shared/http/trace";
import { newNonce, pageSecurityHeaders } from "./security.ts";

/** How long a request waits for another one rendering the same page before rendering it itself. */
const LEADER_WAIT_MS = 2_000;
/** The isolate's tier: enough for every feed's first pages and the hottest articles, bounded. */
const MEMORY_MAX_ENTRIES = 64;
const MEMORY_MAX_BYTES = 16 * 1024 * 1024;

/**
 * A page as the tiers keep it: its HTML cut where its nonced elements' nonce goes (an answer joins
 * the parts with its own nonce), and when it was rendered. The parts are kept as UTF-8 bytes, encoded
 * once: a cached answer is then a copy of bytes around the nonce, where joining the page as a string
 * and encoding it for each answer was the largest JavaScript cost of a hit in a profile of / under load.
 */
export interface StoredPage {
  parts: Uint8Array[];
  storedAt: number;
}

const encoder = new TextEncoder();

/** The page's text cut at its nonces, as kept. */
const storedParts = (parts: string[]): Uint8Array[] => parts.map((part) => encoder.encode(part));

/** `parts` joined by `separator`, in one buffer. */
function joinBytes(parts: Uint8Array[], separator: string): Uint8Array {
  const between = encoder.encode(separator);
  const total = parts.reduce((sum, part) => sum + part.byteLength, 0) + between.byteLength * (parts.length - 1);
  const joined = new Uint8Array(total);
  let at = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      joined.set(between, at);
      at += between.byteLength;
    }
    joined.set(part, at);
    at += part.byteLength;
  });
  return joined;
}

/** What rendering a page gives: the response (its body streams) and whether it is whole. */
export interface RenderedPage {
  response: Response;
  /** The reader's part failed, timed out or is missing data: answered, never kept. */
  degraded: boolean;
}

const storedLength = (page: StoredPage) => page.parts.reduce((sum, part) => sum + part.byteLength, 0);

export type CacheState = "hit" | "stale" | "miss" | "bypass";

const memory = new Map<string, StoredPage>();
let memoryBytes = 0;
const rendering = new Map<string, Promise<StoredPage | null>>();

function remember(key: string, page: StoredPage): void {
  forget(key);
  memory.set(key, page);
  memoryBytes += storedLength(page);
  for (const [oldest] of memory) {
    if (memory.size <= MEMORY_MAX_ENTRIES && memoryBytes <= MEMORY_MAX_BYTES) break;
    forget(oldest);
  }
}

function forget(key: string): void {
  const page = memory.get(key);
  if (!page) return;
  memoryBytes -= storedLength(page);
  memory.delete(key);
}

function fromMemory(key: string): StoredPage | null {
  const page = memory.get(key);
  if (!page) return null;
  // Most recently used last.
  memory.delete(key);
  memory.set(key, page);
  return page;
}

/** The Cache API keeps the parts joined by the entry's marker, named in this header. */
const MARKER_HEADER = "X-Page-Nonce-Marker";
const STORED_AT_HEADER = "X-Page-Stored-At";

async function fromCacheApi(key: string): Promise<StoredPage | null> {
  const hit = await caches.default.match(key);
  if (!hit) return null;
  const marker = hit.headers.get(MARKER_HEADER);
  const storedAt = Number(hit.headers.get(STORED_AT_HEADER));
  if (!marker || !Number.isFinite(storedAt)) return null;
  return { parts: storedParts((await hit.text()).split(marker)), storedAt };
}

function toCacheApi(key: string, page: StoredPage): Promise<void> {
  const marker = newNonce();
  return caches.default.put(
    key,
    new Response(joinBytes(page.parts, marker), {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        // Kept while it may still be served stale; the tiers judge freshness by X-Page-Stored-At.
        "Cache-Control": `public, max-age=${(PAGE_FRESH_MS + PAGE_STALE_MS) / 1000}`,
        [MARKER_HEADER]: marker,
        [STORED_AT_HEADER]: String(page.storedAt),
      },
    }),
  );
}

/** The page's elements that may carry a nonce: the only ones the rewriter looks at. */
const NONCED = "script[nonce], style[nonce], link[nonce], meta[nonce]";

/** `response` with the nonce attribute `placeholder` set to `nonce` in its nonced elements (only). */
function renonced(response: Response, placeholder: string, nonce: string): Response {
  return new HTMLRewriter()
    .on(NONCED, {
      element(element) {
        if (element.getAttribute("nonce") === placeholder) element.setAttribute("nonce", nonce);
      },
    })
    .transform(response);
}

/** A page's headers for an answer with `nonce`: its CSP, no validator, and how it was made. */
function answerHeaders(base: HeadersInit, nonce: string, state: CacheState, startedAt: number, extraTiming = "") {
  const headers = new Headers(base);
  for (const [name, value] of Object.entries(pageSecurityHeaders(nonce))) headers.set(name, value);
  // Never a 304: the page has no validator, and a new CSP must come with the body it matches.
  headers.delete("ETag");
  headers.delete("Last-Modified");
  headers.set("Cache-Control", "no-cache");
  const took = (performance.now() - startedAt).toFixed(1);
  headers.set("Server-Timing", `page;desc="${state}";dur=${took}${extraTiming}`);
  return headers;
}

/** A rendered page's answer, its placeholder nonce rewritten as it streams. */
function withFreshNonce(
  response: Response,
  placeholder: string,
  state: CacheState,
  startedAt: number,
  extraTiming = "",
): Response {
  const fresh = newNonce();
  const rewritten = renonced(response, placeholder, fresh);
  const headers = answerHeaders(rewritten.headers, fresh, state, startedAt, extraTiming);
  return new Response(rewritten.body, { status: response.status, headers });
}

/** A kept page's answer: its parts joined with a fresh nonce. */
function answerStored(page: StoredPage, state: CacheState, startedAt: number): Response {
  const fresh = newNonce();
  const headers = answerHeaders({ "Content-Type": "text/html; charset=utf-8" }, fresh, state, startedAt);
  return new Response(joinBytes(page.parts, fresh), { status: 200, headers });
}

/**
 * The rendered HTML as kept: each nonced element's placeholder nonce becomes a marker (random, made
 * after the page's content existed, so no title or comment can hold it) and the page is cut there.
 */
async function cutAtNonces(html: string, placeholder: string): Promise<Uint8Array[]> {
  const marker = newNonce();
  return storedParts((await renonced(new Response(html), placeholder, marker).text()).split(marker));
}

export interface PageCacheInput {
  /** The page's cache address (its key's path and the versions). */
  key: string;
  /** Renders the page with the given nonce; null when the shell has not been built. */
  render(nonce: string): Promise<RenderedPage | null>;
  waitUntil(promise: Promise<unknown>): void;
  /** Told how this answer was made, for the request's log line. */
  note(fields: { pageCache: CacheState; renderMs?: number }): void;
}

/**
 * Renders the page and, when it is whole, keeps it. The first answer streams as it is rendered; the
 * tiers get a copy of the same bytes once the page is complete. One render per key per isolate at a
 * time: `rendering` holds it, and settles with the kept page (null when nothing was kept).
 */
function renderAndKeep(
  input: PageCacheInput,
): Promise<{ page: RenderedPage | null; placeholder: string; kept: Promise<StoredPage | null> }> {
  const placeholder = newNonce();
  let settle!: (page: StoredPage | null) => void;
  const kept = new Promise<StoredPage | null>((resolve) => (settle = resolve));
  rendering.set(input.key, kept);
  kept.finally(() => {
    if (rendering.get(input.key) === kept) rendering.delete(input.key);
  });
  const started = performance.now();
  return input.render(placeholder).then(
    (page) => {
      if (page?.response.status !== 200 || page.degraded || !page.response.body) {
        settle(null);
        return { page, placeholder, kept };
      }
      const [toClient, toTiers] = page.response.body.tee();
      input.waitUntil(
        new Response(toTiers)
          .text()
          .then(async (html) => {
            const stored = { parts: await cutAtNonces(html, placeholder), storedAt: Date.now() };
            remember(input.key, stored);
            await toCacheApi(input.key, stored);
            logLine("info", { msg: "page kept", key: input.key, renderMs: Math.round(performance.now() - started) });
            settle(stored);
          })
          // A stream that broke off (the reader's markup failed half-way) is not kept.
          .catch(() => settle(null)),
      );
      return { page: { ...page, response: new Response(toClient, page.response) }, placeholder, kept };
    },
    (error: unknown) => {
      settle(null);
      throw error;
    },
  );
}

/** The page for `input.key`: from a tier when it has it, else rendered (and kept when whole). */
export async function cachedPage(input: PageCacheInput): Promise<Response | null> {
  const startedAt = performance.now();
  const stored = fromMemory(input.key) ?? (await fromCacheApi(input.key));
  if (stored) {
    const age = Date.now() - stored.storedAt;
    if (age < PAGE_FRESH_MS) {
      remember(input.key, stored);
      input.note({ pageCache: "hit" });
      return answerStored(stored, "hit", startedAt);
    }
    if (age < PAGE_FRESH_MS + PAGE_STALE_MS) {
      // Served at once; rendered again in the background by this request alone (one per isolate).
      if (!rendering.has(input.key))
        input.waitUntil(
          renderAndKeep(input)
            .then(({ kept }) => kept)
            .catch(() => null),
        );
      input.note({ pageCache: "stale" });
      return answerStored(stored, "stale", startedAt);
    }
  }
  // Another request of this isolate is rendering it: wait for that page (bounded), rather than render twice.
  const running = rendering.get(input.key);
  if (running) {
    const page = await Promise.race([running, scheduler.wait(LEADER_WAIT_MS).then(() => null)]);
    if (page) {
      input.note({ pageCache: "hit" });
      return answerStored(page, "hit", startedAt);
    }
  }
  const { page, placeholder } = await renderAndKeep(input);
  if (!page) return null;
  const renderMs = performance.now() - startedAt;
  input.note({ pageCache: "miss", renderMs: Math.round(renderMs) });
  return withFreshNonce(page.response, placeholder, "miss", startedAt, `, render;dur=${renderMs.toFixed(1)}`);
}

/** A page that is not cached (not a reader page, or its query not in its one form): rendered as asked. */
export async function uncachedPage(
  render: (nonce: string) => Promise<RenderedPage | null>,
  note: PageCacheInput["note"],
): Promise<Response | null> {
  const startedAt = performance.now();
  const placeholder = newNonce();
  const page = await render(placeholder);
  if (!page) return null;
  note({ pageCache: "bypass" });
  return withFreshNonce(page.response, placeholder, "bypass", startedAt);
}

/** Tests only: both of this isolate's tiers' in-memory part emptied (the Cache API is per test file). */
export function forgetPagesInMemory(): void {
  memory.clear();
  memoryBytes = 0;
}
