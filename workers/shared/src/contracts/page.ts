// How a page is put together (docs/decisions/016-fragments.md): the gateway composes the shell's
// server-rendered parts and a remote's fragment into one document, and the browser's shell finds
// them again by these names. Shared by the gateway, the reader's Worker and the web apps (zod-free).

/**
 * How long a cached composed page is served as it is, then how long more it is served while it is
 * rendered again (docs/decisions/020-pages-at-the-edge.md): an addition, such as a new article, may
 * take this long to show on a page; a hide or a deploy makes new keys at once.
 */
export const PAGE_FRESH_MS = 30_000;
export const PAGE_STALE_MS = 60_000;

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
 * The attribute of a page's inline block of dates as the server wrote them (FragmentResult.timeTexts):
 * the reader hydrates from them without building a date formatter (remotes/reader/src/time/timeTexts.ts).
 */
export const PAGE_TIME_TEXTS_ATTRIBUTE = "data-time-texts";

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
  "save",
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
/**
 * ModMe's first HTML for a page (`?path=/modme/…`): the page's heading and the guard's loading line,
 * from ModMe's own Worker (docs/decisions/024-modme-first-html.md). The reader renders its pages instead.
 * A function, not a constant: a bundle that never asks for it (the reader's first chunk, under its
 * JavaScript budget) drops it, where a constant built by a call stays in as a statement.
 */
export const modmeFirstHtmlPath = () => `${remoteBase("modme")}first-html`;

export type RemoteName = "reader" | "modme";

/** One page of the reader's table. */
export interface ReaderPageSpec {
  paths: readonly string[];
  /** The file name stem of its chunk in the reader's build; null: in the reader's first chunk. */
  chunk: string | null;
  /**
   * The query parameters its server rendering reads: a page number (1 to the given most) or a text.
   * Only these make two addresses different pages (the page cache keys on them, docs/decisions/020).
   */
  query: Readonly<Record<string, number | "text">>;
}

/**
 * The reader's pages — every public route of spec §2, and the product's own — one entry each: its
 * paths, the chunk its component is loaded from, and the query parameters it reads. Everything else is derived from this table, so it cannot drift: the
 * gateway's and the shell's `pathOwner`, the reader's <Routes> and chunk preloads (a `Record` over
 * these names in remotes/reader/src/routes.ts), its server data plans (remotes/reader/server/pageData.ts),
 * and the first-screen assets the web build lists per page (scripts/build-web.mjs).
 */
export const READER_PAGES = {
  // Load More's link asks for N pages (?page=N); the feed stops at 100 cards, five pages.
  feed: {
    paths: ["/", "/news", "/category/:category", "/news/category/:category"],
    chunk: null,
    query: { page: 5 },
  },
  article: {
    paths: ["/article/:slug/:id", "/news/article/:slug/:id", "/article/:id"],
    chunk: "ArticleRoute",
    query: {},
  },
  search: { paths: ["/search", "/news/search"], chunk: "SearchPage", query: { q: "text", page: 500 } },
  login: { paths: ["/login"], chunk: "LoginPage", query: {} },
  profile: { paths: ["/profile"], chunk: "ProfilePage", query: {} },
  // Its ?token= is read by the browser only: the page is the same for every code.
  googleCallback: { paths: ["/auth/google/callback"], chunk: "GoogleCallbackPage", query: {} },
  privacy: { paths: ["/privacy"], chunk: "PrivacyPage", query: {} },
  terms: { paths: ["/terms"], chunk: "TermsPage", query: {} },
  // Beyond spec §2: the public moderation log and one story across outlets (ADR 018).
  moderation: { paths: ["/moderation"], chunk: "ModerationLogPage", query: { page: 500 } },
  event: { paths: ["/event/:id"], chunk: "EventRoute", query: {} },
  // One outlet's articles (ADR 018), paged like a feed.
  source: { paths: ["/source/:domain"], chunk: "SourcePage", query: { page: 5 } },
  // The signed-in reader's saved articles (ADR 025): their first HTML is a skeleton, like the profile's.
  saved: { paths: ["/saved"], chunk: "SavedPage", query: {} },
  // The signed-in reader's inbox (ADR 026): a skeleton too.
  inbox: { paths: ["/inbox"], chunk: "InboxPage", query: {} },
} as const satisfies Record<string, ReaderPageSpec>;

export type ReaderPage = keyof typeof READER_PAGES;
export const READER_PAGE_NAMES = Object.keys(READER_PAGES) as ReaderPage[];

/** Whether a path is ModMe's. */
export const isModmePath = (pathname: string) => pathname === "/modme" || pathname.startsWith("/modme/");

/** A path of the table as an expression: a ":name" is one segment; a trailing slash is allowed, as react-router allows it. */
const pattern = (path: string) =>
  new RegExp(`^${path === "/" ? "" : path.replace(/:([A-Za-z]+)/g, "(?<$1>[^/]+)")}/?$`);

const READER_PATTERNS = READER_PAGE_NAMES.flatMap((page) =>
  READER_PAGES[page].paths.map((path) => ({ page, path, expression: pattern(path) })),
);

export interface ReaderPageMatch {
  page: ReaderPage;
  /** The table's path that matched (its pattern, as react-router would name it). */
  path: string;
  /** The path's ":name" segments, decoded. */
  params: Record<string, string>;
}

/** The reader's page at `pathname`, with its parameters; null when the reader has none there. */
export function matchReaderPage(pathname: string): ReaderPageMatch | null {
  for (const { page, path, expression } of READER_PATTERNS) {
    const found = expression.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(found.groups ?? {})) {
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        params[name] = value;
      }
    }
    return { page, path, params };
  }
  return null;
}

/** The remote that owns a path, or null: no one's (the shell's "not found" page, status 404). */
export function pathOwner(pathname: string): RemoteName | null {
  if (isModmePath(pathname)) return "modme";
  return matchReaderPage(pathname) ? "reader" : null;
}

/** A remote's manifest (its Worker serves it, never cached): the entry the browser loads now. */
export interface RemoteManifest {
  name: RemoteName;
  /** The remote's Module Federation entry, with a content-hash query. */
  entry: string;
  /** The modules the entry's first mount loads (absolute paths), for a page to fetch beside the entry. */
  modulePreloads: string[];
  /**
   * The import map's modules (bare specifiers: "react", "@unbiased/web-shared/admin") that the entry's
   * first mount imports: the page preloads those the shell's own head does not. Absent from an older
   * build's manifest.
   */
  sharedImports?: string[];
  /**
   * The stylesheets the entry's first mount loads (absolute paths): the page carries them, so the
   * remote's frame in the first HTML is styled as the remote styles it. Absent from an older build's manifest.
   */
  stylesheets?: string[];
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
   * null when the page is the browser's to render (sign-in, profile), its data could not be read or
   * its render failed (then `complete` is false).
   */
  body: ReadableStream<Uint8Array> | null;
  /** The page's title, for <title>. */
  title: string | null;
  /** The minute (epoch ms) the markup is rendered in. */
  renderedMinute: number;
  /**
   * The dates the markup shows, formatted (key → text), sent with the page so that hydration builds
   * no date formatter. Absent from an older reader Worker: the browser then formats them itself.
   */
  timeTexts?: Record<string, string>;
  /**
   * Whether the page has everything it planned: its data and its articles' counts (false when a call
   * failed and the browser will load what is missing). Only a complete page is cached (ADR 020).
   */
  complete: boolean;
}
