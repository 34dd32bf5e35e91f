import "./reader.css";
import {
  lazyChunk,
  NotFoundPage,
  Route,
  Routes,
  SectionErrorBoundary,
  Spinner,
  useLocation,
} from "@unbiased/web-shared";
import { Suspense, useEffect } from "react";
import { FeedPage } from "./feed/FeedPage.tsx";
import { ReleaseNotice } from "./ui/ReleaseNotice.tsx";

/** Set on <html> once the reader runs in the browser (docs/decisions/013-first-html.md). */
export const READER_READY_ATTRIBUTE = "data-reader-ready";

// Only the feed is in the first chunk: `/` is the page most visits start on, and its JavaScript
// budget (reading issue, "Performance") leaves no room for the article page with its share and
// report modals, search, sign-in or profile. Each of those loads on first visit (a few KB each).
const ArticleRoute = lazyChunk(() => import("./article/ArticleRoute.tsx").then((m) => ({ default: m.ArticleRoute })));
const SearchPage = lazyChunk(() => import("./search/SearchPage.tsx").then((m) => ({ default: m.SearchPage })));
const LoginPage = lazyChunk(() => import("./login/LoginPage.tsx").then((m) => ({ default: m.LoginPage })));
const ProfilePage = lazyChunk(() => import("./profile/ProfilePage.tsx").then((m) => ({ default: m.ProfilePage })));
const GoogleCallbackPage = lazyChunk(() =>
  import("./login/GoogleCallbackPage.tsx").then((m) => ({ default: m.GoogleCallbackPage })),
);
const PrivacyPage = lazyChunk(() => import("./pages/PrivacyPage.tsx").then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazyChunk(() => import("./pages/TermsPage.tsx").then((m) => ({ default: m.TermsPage })));
const ModerationLogPage = lazyChunk(() =>
  import("./moderation/ModerationLogPage.tsx").then((m) => ({ default: m.ModerationLogPage })),
);
const EventRoute = lazyChunk(() => import("./events/EventRoute.tsx").then((m) => ({ default: m.EventRoute })));

/**
 * The reader's pages, exposed as `reader/App`. The paths are relative: the shell mounts this
 * under its own router at "/", so the host's location drives it.
 */
export default function App() {
  // The page answers clicks from here on: over server-rendered HTML, that is once the remote has
  // loaded and hydrated (tests wait for this mark before pressing a button).
  useEffect(() => {
    document.documentElement.setAttribute(READER_READY_ATTRIBUTE, "");
  }, []);
  const { pathname } = useLocation();
  return (
    <div className="reader" data-remote="reader">
      <ReleaseNotice />
      {/* A page whose chunk cannot be loaded (after a deploy, twice) shows an error panel, never a blank page. */}
      <SectionErrorBoundary resetKey={pathname}>
        <Suspense
          fallback={
            <div className="reader-loading">
              <Spinner label="Loading page…" />
            </div>
          }
        >
          <Routes>
            <Route index element={<FeedPage />} />
            <Route path="news" element={<FeedPage />} />
            <Route path="category/:category" element={<FeedPage />} />
            <Route path="news/category/:category" element={<FeedPage />} />
            <Route path="article/:slug/:id" element={<ArticleRoute />} />
            <Route path="news/article/:slug/:id" element={<ArticleRoute />} />
            <Route path="article/:id" element={<ArticleRoute />} />
            <Route path="search" element={<SearchPage />} />
            <Route path="news/search" element={<SearchPage />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="profile" element={<ProfilePage />} />
            <Route path="auth/google/callback" element={<GoogleCallbackPage />} />
            <Route path="privacy" element={<PrivacyPage />} />
            <Route path="terms" element={<TermsPage />} />
            <Route path="moderation" element={<ModerationLogPage />} />
            <Route path="event/:id" element={<EventRoute />} />
            {/* Only reached if the shell's list of reader paths and this one ever disagree. */}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </SectionErrorBoundary>
    </div>
  );
}
