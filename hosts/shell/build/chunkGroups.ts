// Chunk groups of the shell's build (rolldown `output.codeSplitting.groups`). `/` fetches every file
// named here, and each file costs its own gzip header and starts from an empty gzip dictionary:
// code that always loads together compresses better in one file (measured: 4.0 KB gz less on `/`,
// in five files fewer, than without these groups).
//
//   mf-runtime  The Module Federation runtime (runtime-core, sdk, runtime) AND the plugin's control
//               modules: host init, pending shares, the local shared-import map and the shell's
//               (expose-less) remoteEntry. They are generated from the same templates and repeat
//               the same helper code, which gzip then stores once. The control modules are emitted
//               entries, so hostInit-*.js, pendingShares-*.js and remoteEntry-*.js stay as one-line
//               facades that re-export from this chunk; loading order is unchanged (the entry
//               bootstrap still imports hostInit first, and hostInit still starts the init when
//               evaluated, which now happens when this chunk is).
//   web-shared  @unbiased/web-shared: its own code and, as rolldown groups take their modules'
//               dependencies along, react-router, swr, react-hot-toast, and what web-shared shares
//               with the shell's code (lucide's icon factory and X icon, react/jsx-runtime), which
//               would otherwise be two more small files.
//
// The Module Federation plugin's own groups (the loadShare wrappers of the singletons, the preload
// helper) have a higher priority, so these never capture a singleton's share plumbing. Only
// scripts: grouped, web-shared's CSS would become a second stylesheet request. Modules reached
// only from a lazy chunk (the user menu, the Submit URL form and their icons) match nothing here
// and stay lazy.
import type { Rolldown } from "vite";

const SCRIPT = /\.(?:[cm]?js|tsx?)$/;
const MF_RUNTIME = /[\\/]node_modules[\\/]@module-federation[\\/]/;
// Ids of @module-federation/vite 1.23's virtual modules (see `vite build` with a logging `test`).
const MF_CONTROL =
  /__H_A_I__hostAutoInit|__P_S__pendingShares|virtual:mf-localSharedImportMap:|virtual:mf-REMOTE_ENTRY_ID:|virtual:mf-exposes:/;
const WEB_SHARED = /[\\/]hosts[\\/]shared[\\/]src[\\/]/;
/**
 * web-shared's modules that load on demand (the toaster, with react-hot-toast and goober behind it):
 * grouped, they would come back into the file `/` always loads, taking their dependencies along.
 */
const LOADED_ON_DEMAND = /[\\/]hosts[\\/]shared[\\/]src[\\/]toast[\\/]ToastList\.tsx$/;

export const SHELL_CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = [
  { name: "mf-runtime", test: (id) => MF_CONTROL.test(id) || (MF_RUNTIME.test(id) && SCRIPT.test(id)) },
  { name: "web-shared", test: (id) => WEB_SHARED.test(id) && SCRIPT.test(id) && !LOADED_ON_DEMAND.test(id) },
];
