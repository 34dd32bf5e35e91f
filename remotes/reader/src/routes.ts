// The reader's page table: each page of READER_PAGES (workers/shared/src/contracts/page.ts, which names
// their paths) and the component that shows it. A `Record` over the page names, so a page added to
// the table without a component here does not compile. App.tsx makes its <Routes> from it, and a
// server-rendered page fetches its chunk from it before hydrating. Only the feed is in the first chunk:
// `/` is where most visits start, and its JavaScript budget leaves no room for the others.
import { preloadableChunk } from "@unbiased/web-shared";
import { matchReaderPage, type ReaderPage } from "@unbiased/worker-shared/contracts/page";
import type { ComponentType } from "react";
import { FeedPage } from "./feed/FeedPage.tsx";

/** A page's component; a chunked one can fetch its chunk ahead (preloadableChunk). */
type PageComponent = ComponentType & { preload?(): Promise<void> };

/** Each chunked page's file is named as READER_PAGES' `chunk` says (the build checks the names). */
export const PAGE_COMPONENTS: Record<ReaderPage, PageComponent> = {
  feed: FeedPage,
  article: preloadableChunk(() => import("./article/ArticleRoute.tsx").then((m) => ({ default: m.ArticleRoute }))),
  search: preloadableChunk(() => import("./search/SearchPage.tsx").then((m) => ({ default: m.SearchPage }))),
  login: preloadableChunk(() => import("./login/LoginPage.tsx").then((m) => ({ default: m.LoginPage }))),
  profile: preloadableChunk(() => import("./profile/ProfilePage.tsx").then((m) => ({ default: m.ProfilePage }))),
  googleCallback: preloadableChunk(() =>
    import("./login/GoogleCallbackPage.tsx").then((m) => ({ default: m.GoogleCallbackPage })),
  ),
  privacy: preloadableChunk(() => import("./pages/PrivacyPage.tsx").then((m) => ({ default: m.PrivacyPage }))),
  terms: preloadableChunk(() => import("./pages/TermsPage.tsx").then((m) => ({ default: m.TermsPage }))),
  moderation: preloadableChunk(() =>
    import("./moderation/ModerationLogPage.tsx").then((m) => ({ default: m.ModerationLogPage })),
  ),
  event: preloadableChunk(() => import("./events/EventRoute.tsx").then((m) => ({ default: m.EventRoute }))),
  source: preloadableChunk(() => import("./outlet/SourcePage.tsx").then((m) => ({ default: m.SourcePage }))),
  saved: preloadableChunk(() => import("./saved/SavedPage.tsx").then((m) => ({ default: m.SavedPage }))),
  inbox: preloadableChunk(() => import("./inbox/InboxPage.tsx").then((m) => ({ default: m.InboxPage }))),
};

/** Fetches the chunk of the page at `pathname`, if it has one (the feed does not). */
export function preloadPage(pathname: string): Promise<void> {
  const match = matchReaderPage(pathname);
  const component = match ? PAGE_COMPONENTS[match.page] : null;
  return component?.preload?.() ?? Promise.resolve();
}
