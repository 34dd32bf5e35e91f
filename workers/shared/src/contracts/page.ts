// How a page is put together (docs/decisions/016-fragments.md): the gateway composes the shell's
// server-rendered parts and a remote's fragment into one document, and the browser's shell finds
// them again by these names. Shared by the gateway, the reader's Worker and the web apps (zod-free).

/** The elements of the composed page. */
export const PAGE_ELEMENTS = {
  /** The shell's header (its own React root). */
  top: "shell-top",
  /** The shell's footer and toaster (its own React root). */
  bottom: "shell-bottom",
  /** Where the remote that owns the path renders (the remote's own React root). */
  remote: "remote-root",
} as const;

/** Attributes of the remote's element. */
export const REMOTE_ATTRIBUTES = {
  /** Which remote owns the element (and the server's markup inside, if any): "reader", "modme". */
  name: "data-owner",
  /** "hydrate": the markup is the remote's own server rendering, to be hydrated. */
  rendered: "data-rendered",
  /** The versions of React and @unbiased/web-shared the markup was rendered with (JSON, RenderedWith). */
  renderedWith: "data-rendered-with",
  /** The minute (epoch ms) the markup was rendered in: times on screen hydrate from it (web-shared's firstHtml.ts). */
  renderedMinute: "data-first-html",
  /** Set in the browser once the remote is mounted: "hydrated" (the server's markup adopted) or "rendered". */
  mounted: "data-mounted",
} as const;

/**
 * Taps made before the app is ready (docs/decisions/019-early-input.md): the page's inline capture
 * script (hosts/shell/public/early-input.js, which repeats these names) queues a tap on a control
 * marked with `action`, and web-shared (earlyInput/) carries it out once the control's root has
 * hydrated. Controls are named by action and key, never by element: hydration may replace nodes.
 */
export const EARLY_INPUT = {
  /** What a control does: one of EARLY_ACTIONS. On a button, or on a form (its submit). */
  action: "data-action",
  /** Which one: the article id of a vote, share or report button; absent for the page's one of a kind. */
  key: "data-action-key",
  /** Extra detail a replay needs (a vote's direction). */
  value: "data-action-value",
  /** On each part of the page that is a React root of its own (PAGE_ELEMENTS). */
  root: "data-root",
  /** Set on a root once hydrated: taps inside it go to React from then on. */
  hydrated: "data-hydrated",
  /** Set on a root whose app will not come (its code failed to load): taps are not held there. */
  abandoned: "data-early-input-off",
} as const;

/**
 * Set on <html> once every root of the page is ready (the page answers every tap from then on), with
 * a performance mark of the same name: what the benchmarks time (tests/bench/tap-latency.ts).
 */
export const APP_READY = "data-app-ready";

/**
 * The controls whose early taps are kept (links, Load More and the search form work as plain HTML
 * instead). A select's choice is kept too (its change, with the chosen value).
 */
export const EARLY_ACTIONS = [
  "submit-url",
  "sign-in",
  "vote",
  "theme",
  "share",
  "report",
  "comment",
  "feed-sort",
  "feed-period",
  "feed-refresh",
  "feed-auto-refresh",
] as const;
export type EarlyAction = (typeof EARLY_ACTIONS)[number];

/** `<meta name="remote-entry:reader" content="…">`: the entry URL a fragment names for its remote. */
export const remoteEntryMeta = (name: RemoteName) => `remote-entry:${name}`;

/** Each remote serves its files, and a manifest of its current entry, under this path. */
export const remoteBase = (name: RemoteName) => `/remotes/${name}/`;
export const remoteManifestPath = (name: RemoteName) => `${remoteBase(name)}manifest.json`;

export type RemoteName = "reader" | "modme";

/**
 * Every public route of spec §2, each the reader's. The reader repeats them in its own <Routes> (it
 * maps them to pages); this list decides which paths are the reader's, which ModMe's (/modme/*), and
 * which belong to no one (404) — for the gateway composing a page and the shell's outlet alike.
 */
export const READER_PATHS = [
  "/",
  "/news",
  "/category/:category",
  "/news/category/:category",
  "/article/:slug/:id",
  "/news/article/:slug/:id",
  "/article/:id",
  "/search",
  "/news/search",
  "/login",
  "/profile",
  "/auth/google/callback",
  "/privacy",
  "/terms",
  // Beyond spec §2 (issue 25): the public moderation log and one story across outlets.
  "/moderation",
  "/event/:id",
] as const;

/** Whether a path is ModMe's. */
export const isModmePath = (pathname: string) => pathname === "/modme" || pathname.startsWith("/modme/");

/** READER_PATHS as expressions: a ":name" is one segment; a trailing slash is allowed, as react-router allows it. */
const READER_PATTERNS = READER_PATHS.map(
  (path) => new RegExp(`^${path === "/" ? "" : path.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`),
);

/** The remote that owns a path, or null: no one's (the shell's "not found" page, status 404). */
export function pathOwner(pathname: string): RemoteName | null {
  if (isModmePath(pathname)) return "modme";
  return READER_PATTERNS.some((pattern) => pattern.test(pathname)) ? "reader" : null;
}

/** A remote's manifest (its Worker serves it, never cached): the entry the browser loads now. */
export interface RemoteManifest {
  name: RemoteName;
  /** The remote's Module Federation entry, with a content-hash query. */
  entry: string;
  /** The modules the entry's first mount loads (absolute paths), for a page to fetch beside the entry. */
  modulePreloads: string[];
}

/** Which copies of the shared code a fragment was rendered with; the shell hydrates only over its own. */
export interface RenderedWith {
  react: string;
  webShared: string;
}

/** What the gateway asks the reader's Worker for (RPC over the READER service binding). */
export interface FragmentRequest {
  /** Path and query of the page. */
  url: string;
  origin: string;
  /** The page's CSP nonce: every inline element the fragment adds carries it. */
  nonce: string;
}

/** The gateway's API as the reader's Worker reaches it: an RPC callback into its cached handlers. */
export type ApiCall = (request: { path: string; method?: "GET" | "POST"; body?: unknown }) => Promise<{
  status: number;
  body: unknown;
}>;

/** The head a fragment needs: its styles (inline when small), its entry, and its page's chunks. */
export interface FragmentHead {
  stylesheets: { href: string; css: string | null }[];
  entry: string;
  modulePreloads: string[];
}

export interface FragmentResult {
  /** 200, or 404 for a missing article or event: the page's status. */
  status: number;
  head: FragmentHead;
  renderedWith: RenderedWith;
  /** The SWR entries the markup was rendered from (seeded in the browser before hydration). */
  data: Record<string, unknown>;
  /**
   * The markup, streamed (complete: every Suspense boundary resolved, readable without JavaScript);
   * null when the page is the browser's to render (sign-in, profile) or its data could not be read.
   */
  body: ReadableStream<Uint8Array> | null;
  /** The page's title, for <title>. */
  title: string | null;
  /** The minute (epoch ms) the markup is rendered in. */
  renderedMinute: number;
}
