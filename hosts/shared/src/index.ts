// Public surface of @unbiased/web-shared. Apps import only from here: Module Federation shares
// this entry as one singleton, so a deep import would load a second, unshared copy.
export {
  apiFetch,
  adminFetch,
  serviceUrl,
  ApiRequestError,
  type ApiRequestOptions,
  type Service,
} from "./api/client.ts";
export { AuthProvider, useAuth, isStaff, type AuthState } from "./auth/AuthContext.tsx";
export { exchangeSignInCode } from "./auth/session.ts";
export { storeAdminSession, clearAdminSession, hasAdminSession, ADMIN_SESSION_MS } from "./auth/adminSession.ts";
export { TIMEZONES, readTimezone, storeTimezone, type Timezone } from "./settings/timezone.ts";
export { FIRST_HTML_ATTRIBUTE, SERVER_TIME_ZONE, currentMinute, useNowMinute, useTimeZone } from "./firstHtml.ts";
export { ThemeProvider, useTheme, type ThemeState } from "./theme/ThemeContext.tsx";
export type { ThemePreference } from "./theme/themePreference.ts";
export { AppToaster } from "./toast/AppToaster.tsx";
export { CATEGORIES, findCategory, categoryPath, type Category } from "./categories.ts";
export { articlePath, searchPath, slugify } from "@unbiased/worker-shared/contracts/paths";
export { useDocumentTitle } from "./useDocumentTitle.ts";
export { PRODUCT_NAME, CONTACT_EMAIL } from "./brand.ts";
export { Button, type ButtonProps, type ButtonVariant } from "./ui/Button.tsx";
export { Spinner } from "./ui/Spinner.tsx";
export { ErrorPanel, type ErrorPanelProps } from "./ui/ErrorPanel.tsx";
export { Modal, type ModalProps } from "./ui/Modal.tsx";
export { NotFoundPage } from "./ui/NotFoundPage.tsx";
export { LoginRequiredModal, type LoginRequiredModalProps } from "./ui/LoginRequiredModal.tsx";
// lucide's icon factory, for the remotes' icons (see icons/createLucideIcon.ts).
export { createLucideIcon } from "./icons/createLucideIcon.ts";
// The router APIs the apps use (see router.tsx: the only module that imports react-router).
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from "./router.tsx";
export type { LinkProps } from "./router.tsx";
// One toast store and one SWR cache for the page (see libraries.ts).
export {
  toast,
  useSWR,
  SWRConfig,
  serializeKey,
  useSWRConfig,
  type Middleware,
  type SWRConfiguration,
} from "./libraries.ts";
