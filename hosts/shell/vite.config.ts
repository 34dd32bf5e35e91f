import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compileHints } from "../shared/federation/compileHints.ts";
import { inlinedCssPreload } from "../shared/federation/inlinedCssPreload.ts";
import { reactRouterProduction } from "../shared/federation/reactRouterProduction.ts";
import { SHARED_SINGLETONS } from "../shared/federation/sharedSingletons.ts";
import { webSharedVersionDefine } from "../shared/federation/webSharedVersion.ts";
import { SHELL_CHUNK_GROUPS } from "./build/chunkGroups.ts";
import { trimReactRouter } from "./build/trimReactRouter.ts";

// The host. Remotes are NOT listed here: their entry URLs come from the remotes themselves at run
// time (src/remotes/remoteEntry.ts), and the shell imports them with import(), so a remote redeploys
// without rebuilding the shell.
export default defineConfig({
  base: "/",
  // The version of web-shared this shell provides; a fragment rendered with another is not hydrated.
  define: webSharedVersionDefine(),
  cacheDir: "../../node_modules/.vite-shell",
  plugins: [
    react(),
    reactRouterProduction(),
    trimReactRouter(),
    federation({
      name: "shell",
      remotes: {},
      shared: SHARED_SINGLETONS,
      dts: false,
      // Import-map mode (docs/decisions/023-import-map-federation.md): the shell provides every
      // shared package through a native import map in index.html, and no federation runtime loads.
      experiments: { hostProvidesAllShared: true },
    }),
    inlinedCssPreload(),
    compileHints(),
  ],
  // No modulepreload polyfill: every browser with native ES modules we support has modulepreload.
  build: {
    target: "es2022",
    modulePreload: { polyfill: false },
    // Fewer, larger files for what `/` always loads (see build/chunkGroups.ts).
    rolldownOptions: { output: { codeSplitting: { groups: SHELL_CHUNK_GROUPS } } },
  },
});
