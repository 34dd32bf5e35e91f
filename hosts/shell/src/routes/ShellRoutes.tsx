import { matchPath, NotFoundPage, Route, Routes, useLocation } from "@unbiased/web-shared";
import { RemoteApp } from "../remotes/RemoteApp.tsx";
import { READER_PATHS } from "./readerPaths.ts";

export function ShellRoutes() {
  return (
    <Routes>
      <Route path="/modme/*" element={<RemoteApp name="modme" />} />
      {/* One catch-all route (not one per path) so the reader's own <Routes> sees the full
          path and the reader stays mounted while the reader moves between its pages. */}
      <Route path="*" element={<ReaderOrNotFound />} />
    </Routes>
  );
}

function ReaderOrNotFound() {
  const { pathname } = useLocation();
  const isReaderPath = READER_PATHS.some((pattern) => matchPath(pattern, pathname));
  return isReaderPath ? <RemoteApp name="reader" /> : <NotFoundPage />;
}
