// Public surface of @unbiased/web-shared. Apps import only from here: Module Federation shares
// this entry as one singleton, so a deep import would load a second, unshared copy.

export { articlePath, searchPath, slugify } from "@unbiased/worker-shared/contracts/paths";
export {
  ApiRequestError,
  type ApiRequestOptions,
  adminFetch,
  apiFetch,
  type Service,
  serviceUrl,
} from "./api/client.ts";
export { apiDownload, type DownloadedFile } from "./api/download.ts";
export {
  AuthProvider,
  type AuthState,
  isStaff,
  resetAuthForTests,
  useAuth,
  whenSessionKnown,
} from "./auth/AuthContext.tsx";
export { ADMIN_SESSION_MS, clearAdminSession, hasAdminSession, storeAdminSession } from "./auth/adminSession.ts";
export { exchangeSignInCode } from "./auth/session.ts";
export { CONTACT_EMAIL, PRODUCT_NAME } from "./brand.ts";
export { CATEGORIES, type Category, categoryPath, findCategory } from "./categories.ts";
export {
  lazyChunk,
  type PreloadableChunk,
  preloadableChunk,
  reloadOnceAfterFailedChunk,
} from "./deploy/lazyChunk.ts";
export {
  APP_READY_ATTRIBUTE,
  earlyAction,
  type HeldTap,
  handleEarlyTaps,
  rootAbandoned,
  type TapHandler,
  whenAppReady,
} from "./earlyInput/replay.ts";
export { currentMinute, FIRST_HTML_ATTRIBUTE, SERVER_TIME_ZONE, useNowMinute, useTimeZone } from "./firstHtml.ts";
export { pageHistory } from "./history.ts";
// lucide's icon factory, for the remotes' icons (see icons/createLucideIcon.ts).
export { createLucideIcon } from "./icons/createLucideIcon.ts";
// One toast store and one SWR cache for the page (see libraries.ts).
export {
  type Middleware,
  SWRConfig,
  type SWRConfiguration,
  serializeKey,
  toast,
  useSWR,
  useSWRConfig,
} from "./libraries.ts";
export {
  PAGE_DATA_ATTRIBUTE,
  PageSWRConfig,
  readPageData,
  resetPageCacheForTests,
  seedPageCache,
} from "./page/pageData.ts";
export { createRoot, hydrateRoot, type MountOptions, mountRoot, type Root, RootReadyMark } from "./roots.ts";
export type { LinkProps } from "./router.tsx";
// The router APIs the apps use (see router.tsx: the only module that imports react-router).
export {
  BrowserRouter,
  type History,
  HistoryRouter,
  Link,
  matchPath,
  Navigate,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from "./router.tsx";
export { SERVICE_NOTICE } from "./serviceNotice.ts";
export { readTimezone, storeTimezone, TIMEZONES, type Timezone } from "./settings/timezone.ts";
export { resetThemeForTests, ThemeProvider, type ThemeState, useTheme } from "./theme/ThemeContext.tsx";
export type { ThemePreference } from "./theme/themePreference.ts";
export { AppToaster } from "./toast/AppToaster.tsx";
export { loadToasts } from "./toast/toast.ts";
export { Button, type ButtonProps, type ButtonVariant } from "./ui/Button.tsx";
export { ErrorPanel, type ErrorPanelProps } from "./ui/ErrorPanel.tsx";
export { LoginRequiredModal, type LoginRequiredModalProps } from "./ui/LoginRequiredModal.tsx";
export { Modal, type ModalProps } from "./ui/Modal.tsx";
export { NotFoundPage } from "./ui/NotFoundPage.tsx";
export { ReleaseNotice } from "./ui/ReleaseNotice.tsx";
export { SectionErrorBoundary } from "./ui/SectionErrorBoundary.tsx";
export { Spinner } from "./ui/Spinner.tsx";
export { useDocumentTitle } from "./useDocumentTitle.ts";
export { type RenderedWith, renderedWith, sameVersions, WEB_SHARED_VERSION } from "./version.ts";
