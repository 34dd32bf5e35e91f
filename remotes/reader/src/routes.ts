// The reader's pages that load as chunks of their own (only the feed is in the first chunk: `/` is
// where most visits start, and its JavaScript budget leaves no room for the others), and which of
// them a path shows, so that a server-rendered page can fetch its chunk before it hydrates.
import { matchPath, preloadableChunk } from "@unbiased/web-shared";

export const ArticleRoute = preloadableChunk(() =>
  import("./article/ArticleRoute.tsx").then((m) => ({ default: m.ArticleRoute })),
);
export const SearchPage = preloadableChunk(() =>
  import("./search/SearchPage.tsx").then((m) => ({ default: m.SearchPage })),
);
export const LoginPage = preloadableChunk(() =>
  import("./login/LoginPage.tsx").then((m) => ({ default: m.LoginPage })),
);
export const ProfilePage = preloadableChunk(() =>
  import("./profile/ProfilePage.tsx").then((m) => ({ default: m.ProfilePage })),
);
export const GoogleCallbackPage = preloadableChunk(() =>
  import("./login/GoogleCallbackPage.tsx").then((m) => ({ default: m.GoogleCallbackPage })),
);
export const PrivacyPage = preloadableChunk(() =>
  import("./pages/PrivacyPage.tsx").then((m) => ({ default: m.PrivacyPage })),
);
export const TermsPage = preloadableChunk(() =>
  import("./pages/TermsPage.tsx").then((m) => ({ default: m.TermsPage })),
);
export const ModerationLogPage = preloadableChunk(() =>
  import("./moderation/ModerationLogPage.tsx").then((m) => ({ default: m.ModerationLogPage })),
);
export const EventRoute = preloadableChunk(() =>
  import("./events/EventRoute.tsx").then((m) => ({ default: m.EventRoute })),
);

/** Each chunked page and its paths (App.tsx's <Routes> hold the same paths). */
const CHUNKED_PAGES = [
  [ArticleRoute, ["/article/:slug/:id", "/news/article/:slug/:id", "/article/:id"]],
  [SearchPage, ["/search", "/news/search"]],
  [LoginPage, ["/login"]],
  [ProfilePage, ["/profile"]],
  [GoogleCallbackPage, ["/auth/google/callback"]],
  [PrivacyPage, ["/privacy"]],
  [TermsPage, ["/terms"]],
  [ModerationLogPage, ["/moderation"]],
  [EventRoute, ["/event/:id"]],
] as const;

/** Fetches the chunk of the page at `pathname`, if it has one (the feed does not). */
export function preloadPage(pathname: string): Promise<void> {
  const page = CHUNKED_PAGES.find(([, paths]) => paths.some((path) => matchPath(path, pathname)));
  return page ? page[0].preload() : Promise.resolve();
}
