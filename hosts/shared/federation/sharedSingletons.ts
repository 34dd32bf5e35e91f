// The Module Federation `shared` map used by the shell AND both remotes. One list, so the three
// builds cannot disagree about what is a singleton: a mismatch would give a remote its own
// React (hooks break), its own copy of @unbiased/web-shared (a second auth state and toaster,
// and — since web-shared re-exports the router APIs — its own router: useLocation would miss the
// host's path).
//
// react-router-dom is deliberately NOT here: a shared package is built whole, which shipped all of
// react-router. The apps import router APIs from @unbiased/web-shared (hosts/shared/src/router.tsx),
// so only the shell's build bundles react-router, tree-shaken, inside web-shared's shared chunk.
// swr and react-hot-toast likewise come from web-shared (hosts/shared/src/libraries.ts): one SWR
// cache and one toast store, without a Module Federation loader per package.
//
// `request` makes react and react-dom match those exact imports only. Without it the plugin also
// shares their subpaths `react/jsx-runtime` and `react-dom/client`, each through a loader of its
// own (~1.3 KB gz of glue on `/`), for nothing: react/jsx-runtime has no state (the production
// build does not even import react; the remotes already bundle their own copy), and only the
// shell calls react-dom/client's createRoot. Bundled in the shell instead, react-dom/client still
// takes react and react-dom from the shared singletons.
export const SHARED_SINGLETONS = {
  react: { singleton: true, request: "react" },
  "react-dom": { singleton: true, request: "react-dom" },
  "@unbiased/web-shared": { singleton: true },
};

/**
 * The same map for a remote: `import: false` means the remote bundles no fallback copy of these
 * and always takes the shell's (remotes only ever run inside the shell, which provides all of
 * them). No fallback also means less Module Federation glue fetched with the remote.
 */
export const REMOTE_SHARED = Object.fromEntries(
  Object.entries(SHARED_SINGLETONS).map(([name, config]) => [name, { ...config, import: false as const }]),
);
