// Public surface of @unbiased/web-shared. Apps import only from here and, for ModMe's admin calls,
// from its second module (admin.ts): Module Federation shares both through the shell's import map, so
// a deep import would load a second, unshared copy.

export { articlePath, searchPath } from "@unbiased/worker-shared/contracts/paths";
/**
 * ModMe's admin calls, as ModMe builds from before web-shared's admin module import them (from this
 * entry). A name a deployed remote imports must stay until no deployed remote does (ADR 023, deploy
 * order): remove these once every ModMe deployed imports them from `@unbiased/web-shared/admin`, and
 * then keep the admin module's code out of web-shared's file (hosts/shell/build/chunkGroups.ts).
 * @public imported by ModMe builds from before 2026-11-28 only.
 */
export {
  ADMIN_SESSION_MS,
  adminFetch,
  clearAdminSession,
  hasAdminSession,
  storeAdminSession,
} from "./admin.ts";
export { ApiRequestError, apiFetch, serviceUrl } from "./api/client.ts";
export { apiDownload } from "./api/download.ts";
export { AuthProvider, isStaff, useAuth, whenSessionKnown } from "./auth/AuthContext.tsx";
export { exchangeSignInCode } from "./auth/session.ts";
export { CONTACT_EMAIL, PRODUCT_NAME } from "./brand.ts";
export { CATEGORIES, categoryPath, findCategory } from "./categories.ts";
export { preloadableChunk } from "./deploy/lazyChunk.ts";
export { earlyAction, handleEarlyTaps, rootAbandoned, whenAppReady } from "./earlyInput/replay.ts";
export { useNowMinute, useTimeZone } from "./firstHtml.ts";
export { pageHistory } from "./history.ts";
/**
 * lucide's icon factory, for the remotes' icons (see icons/createLucideIcon.ts).
 * @public the remotes' builds import it through a rewrite (federation/lucideFromWebShared.ts).
 */
export { createLucideIcon } from "./icons/createLucideIcon.ts";
// One toast store and one SWR cache for the page (see libraries.ts).
export { type Middleware, type SWRConfiguration, serializeKey, toast, useSWR, useSWRConfig } from "./libraries.ts";
export {
  isFirstShowingOfSeed,
  noteSeedShown,
  PageSWRConfig,
  readPageData,
  seedPageCache,
} from "./page/pageData.ts";
export { createRoot, mountRoot, type Root, RootReadyMark } from "./roots.ts";
// The router APIs the apps use in the browser (see router.tsx: the only module that imports react-router;
// the server renderers take StaticRouter from server/staticRouter.ts).
export {
  type History,
  HistoryRouter,
  Link,
  matchPath,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from "./router.tsx";
export { SERVICE_NOTICE } from "./serviceNotice.ts";
export { readTimezone, storeTimezone, TIMEZONES, type Timezone } from "./settings/timezone.ts";
export { ThemeProvider, useTheme } from "./theme/ThemeContext.tsx";
export { AppToaster } from "./toast/AppToaster.tsx";
export { preloadToastsOnFirstInput } from "./toast/toast.ts";
export { Button } from "./ui/Button.tsx";
export { ErrorPanel } from "./ui/ErrorPanel.tsx";
export { LoginRequiredModal } from "./ui/LoginRequiredModal.tsx";
export { Modal } from "./ui/Modal.tsx";
export { NotFoundPage } from "./ui/NotFoundPage.tsx";
export { ReleaseNotice } from "./ui/ReleaseNotice.tsx";
export { SectionErrorBoundary } from "./ui/SectionErrorBoundary.tsx";
export { Spinner } from "./ui/Spinner.tsx";
export { useDocumentTitle } from "./useDocumentTitle.ts";
export { type RenderedWith, renderedWith, sameVersions } from "./version.ts";
