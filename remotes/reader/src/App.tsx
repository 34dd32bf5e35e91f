import "./reader.css";
import {
  NotFoundPage,
  ReleaseNotice,
  RootReadyMark,
  Route,
  Routes,
  SectionErrorBoundary,
  Spinner,
  useLocation,
} from "@unbiased/web-shared";
import { READER_PAGE_NAMES, READER_PAGES } from "@unbiased/worker-shared/contracts/page";
import { Suspense, useEffect } from "react";
import { PAGE_COMPONENTS } from "./routes.ts";
import { CardIconSprite } from "./ui/cardIcons.tsx";
import { EarlyVotes } from "./votes/EarlyVotes.tsx";

// The notice shipped with this build of the reader (hosts/shared/federation/notices.ts).
declare const __READER_NOTICE__: string;
const READER_NOTICE = typeof __READER_NOTICE__ === "string" ? __READER_NOTICE__ : "";

/** Set on <html> once the reader runs in the browser (docs/decisions/013-first-html.md). */
export const READER_READY_ATTRIBUTE = "data-reader-ready";

/**
 * The reader's pages, exposed as `reader/App`: one route per path of the page table (READER_PAGES and
 * routes.ts). The shell mounts this under its own router at "/", so the host's location drives it.
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
      <ReleaseNotice text={READER_NOTICE} />
      <CardIconSprite />
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
            {READER_PAGE_NAMES.flatMap((page) => {
              const Page = PAGE_COMPONENTS[page];
              return READER_PAGES[page].paths.map((path) => <Route key={path} path={path} element={<Page />} />);
            })}
            {/* Only reached if the shell's owner of a path and this table ever disagree. */}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
          {/* The root is ready once the page has committed (its early-tap handlers are in place). */}
          <RootReadyMark />
        </Suspense>
      </SectionErrorBoundary>
    </div>
  );
}
