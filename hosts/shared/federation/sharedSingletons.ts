// The Module Federation `shared` map used by the shell AND both remotes. One list, so the three
// builds cannot disagree about what is shared: a mismatch would give a remote its own React (hooks
// break), its own copy of @unbiased/web-shared (a second auth state and toaster, and — since
// web-shared re-exports the router APIs — its own router: useLocation would miss the host's path).
//
// Import-map mode (docs/decisions/023-import-map-federation.md): the shell builds one re-export
// module per key and names it in its page's import map; the remotes keep these imports bare and
// bundle no copy. So every key here is a module the shell must keep providing with every export a
// deployed remote uses (the deploy scripts check it).
//
// react-router-dom is deliberately NOT here: the apps import router APIs from @unbiased/web-shared
// (hosts/shared/src/router.tsx), so only the shell's build bundles react-router, tree-shaken, inside
// web-shared's chunk. swr and react-hot-toast likewise come from web-shared (hosts/shared/src/
// libraries.ts): one SWR cache and one toast store. react/jsx-runtime is not shared either: it holds
// no state in production, and each remote's few lines of it cost less than a file of their own.
import type { Rolldown } from "vite";

export const SHARED_SINGLETONS = {
  react: { singleton: true },
  "react-dom": { singleton: true },
  "@unbiased/web-shared": { singleton: true },
  // ModMe's part of web-shared (the admin session and its calls): a module of its own, which only
  // ModMe imports, so a reader's page never loads it.
  "@unbiased/web-shared/admin": { singleton: true },
};

/**
 * A remote build's log filter: drops the import-map mode's warning that react/jsx-runtime is bundled
 * in the remote (intended, see above), so the build prints only what needs reading.
 */
export const quietPrivateJsxRuntime: NonNullable<Rolldown.InputOptions["onLog"]> = (level, log, handler) => {
  if (log.plugin === "module-federation:host-provides-all-shared-remote" && log.message.includes('"react/jsx-runtime"'))
    return;
  handler(level, log);
};
