import "./reader.css";
import {
  NotFoundPage,
  RootReadyMark,
  Route,
  Routes,
  SectionErrorBoundary,
  Spinner,
  useLocation,
} from "@unbiased/web-shared";
import { Suspense, useEffect } from "react";
import { FeedPage } from "./feed/FeedPage.tsx";
import {
  ArticleRoute,
  EventRoute,
  GoogleCallbackPage,
  LoginPage,
  ModerationLogPage,
  PrivacyPage,
  ProfilePage,
  SearchPage,
  TermsPage,
} from "./routes.ts";
import { ReleaseNotice } from "./ui/ReleaseNotice.tsx";
import { EarlyVotes } from "./votes/EarlyVotes.tsx";

/** Set on <html> once the reader runs in the browser (docs/decisions/013-first-html.md). */
export const READER_READY_ATTRIBUTE = "data-reader-ready";

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
      {/* Votes tapped before the page was ready, cast as what the reader saw (set, never toggled). */}
      <EarlyVotes />
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
          {/* The root is ready once the page has committed (its early-tap handlers are in place). */}
          <RootReadyMark />
        </Suspense>
      </SectionErrorBoundary>
    </div>
  );
}
