// Lets the shell's build tree-shake react-router (bundled inside @unbiased/web-shared, see
// hosts/shared/src/router.tsx). Its production build keeps every component and context alive even
// when unused, for two reasons this transform removes:
//   - `Link.displayName = "Link"`-style statements (for React DevTools only) are property writes,
//     which the bundler must treat as side effects;
//   - `React.createContext(…)`, `React.forwardRef(…)` and `React.memo(…)` calls carry no
//     `/* @__PURE__ */` annotation, although they have no side effects.
// Without them, unused parts (NavLink, Form, data-router hooks, …) drop out of the bundle.
// Only react-router's own dist files are touched; behaviour is unchanged (React DevTools
// show the function names instead of the display names).
import type { Plugin } from "vite";

const REACT_ROUTER_FILE =
  /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](?:development|production)[\\/][^\\/]+\.mjs$/;

export function trimReactRouterSource(code: string): string {
  return code
    .replace(/^[ \t]*[\w$]+(?:\.[\w$]+)*\.displayName = "[^"\n]*";$/gm, "")
    .replace(/(?<![\w$.])(React\d*\.(?:createContext|forwardRef|memo)\()/g, "/* @__PURE__ */ $1");
}

export function trimReactRouter(): Plugin {
  return {
    name: "unbiased:trim-react-router",
    apply: "build",
    transform: {
      filter: { id: REACT_ROUTER_FILE },
      handler(code) {
        const trimmed = trimReactRouterSource(code);
        return trimmed === code ? null : { code: trimmed, map: null };
      },
    },
  };
}
