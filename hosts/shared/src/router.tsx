// The ONE module of the web apps that imports react-router. Everything else (shell, remotes and
// this package) takes its router APIs from `@unbiased/web-shared`, which Module Federation shares
// as a singleton. Why:
//   - one router context: the shell's <BrowserRouter> and a remote's useLocation() must come from
//     the same copy of react-router, and web-shared is already the one shared copy of our code;
//   - size: a package shared through Module Federation is built whole (the share scope cannot know
//     which exports a future remote will need), which shipped all of react-router (~63 KB gz).
//     Re-exported from here, react-router is an ordinary dependency of web-shared, so the shell's
//     build keeps only what is listed below.
// Need another router API? Add it here (and nowhere else): hosts/shared/src/webImports.test.ts enforces it.
// Test files may import MemoryRouter from react-router-dom: outside Module Federation it is the
// same module instance as the one re-exported here.
import type { AnchorHTMLAttributes, ComponentProps, MouseEvent, Ref } from "react";
import { type To, type unstable_HistoryRouter, useHref, useLinkClickHandler } from "react-router-dom";

/** The history object a router follows (react-router does not export its type by name). */
export type History = ComponentProps<typeof unstable_HistoryRouter>["history"];

export {
  matchPath,
  Navigate,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  // The page's one history for several routers (history.ts); react-router marks both as unstable
  // and UNSAFE because most apps need neither, not because they change behaviour.
  UNSAFE_createBrowserHistory as createBrowserHistory,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from "react-router-dom";

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * An in-app link: react-router's own hooks (`useHref`, `useLinkClickHandler`) without its
 * `<Link>`, whose prefetch and framework-mode support (~2 KB gz) we do not use and the bundler
 * cannot drop. Same behaviour for our uses: a real `href`, client-side navigation on a plain
 * left click, the browser's default for modified clicks, other targets or a prevented event.
 */
export function Link({ to, replace, state, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}
