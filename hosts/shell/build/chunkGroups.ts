// Chunk groups of the shell's build (rolldown `output.codeSplitting.groups`). `/` fetches every file
// named here, and each file costs its own gzip header and starts from an empty gzip dictionary:
// code that always loads together compresses better in one file (measured: 4.0 KB gz less on `/`,
// in five files fewer, than without these groups).
//
//   web-shared  @unbiased/web-shared: its own code and, as rolldown groups take their modules'
//               dependencies along, react-router, swr, react-hot-toast, and what web-shared shares
//               with the shell's code (lucide's icon factory and X icon, react/jsx-runtime), which
//               would otherwise be two more small files.
//
// The import map's own files (one re-export module per shared package, assets/shared/*) are entries
// of the build and stay files of their own; their code is here. Only scripts: grouped, web-shared's
// CSS would become a second stylesheet request. Modules reached only from a lazy chunk (the user
// menu, the Submit URL form and their icons) match nothing here and stay lazy.
import type { Rolldown } from "vite";

const SCRIPT = /\.(?:[cm]?js|tsx?)$/;
const WEB_SHARED = /[\\/]hosts[\\/]shared[\\/]src[\\/]/;
/**
 * web-shared's modules that load on demand (the toaster, with react-hot-toast and goober behind it):
 * grouped, they would come back into the file `/` always loads, taking their dependencies along.
 */
const LOADED_ON_DEMAND = /[\\/]hosts[\\/]shared[\\/]src[\\/]toast[\\/]ToastList\.tsx$/;
export const SHELL_CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = [
  {
    name: "web-shared",
    // web-shared's admin module (admin.ts) is grouped too for now: its entry still re-exports the admin
    // names for ModMe builds deployed before the module (index.ts). Once those names are gone, leaving
    // admin.ts, api/adminFetch.ts and auth/adminGate.ts out of the group keeps that code out of `/`.
    test: (id) => WEB_SHARED.test(id) && SCRIPT.test(id) && !LOADED_ON_DEMAND.test(id),
  },
];
