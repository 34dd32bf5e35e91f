import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compileHints } from "../../hosts/shared/federation/compileHints.ts";
import { inlinedCssPreload } from "../../hosts/shared/federation/inlinedCssPreload.ts";
import { lucideFromWebShared } from "../../hosts/shared/federation/lucideFromWebShared.ts";
import { noticeDefine } from "../../hosts/shared/federation/notices.ts";
import { REMOTE_SHARED } from "../../hosts/shared/federation/sharedSingletons.ts";

// The ModMe remote: the moderation area. Only /modme/* loads it; its own Worker serves it from
// /remotes/modme/ (wrangler.toml); the shell loads it from the entry its manifest names.
export default defineConfig({
  base: "/remotes/modme/",
  define: noticeDefine("MODME_NOTICE"),
  cacheDir: "../../node_modules/.vite-modme",
  plugins: [
    react(),
    lucideFromWebShared(),
    federation({
      name: "modme",
      filename: "remoteEntry.js",
      exposes: { "./mount": "./src/mount.tsx" },
      shared: REMOTE_SHARED,
      dts: false,
      // Uses the shell's federation runtime instead of bundling one (see hosts/shell/vite.config.ts):
      // this remote only ever runs inside the shell, built from the same lockfile.
      experiments: { externalRuntime: true },
    }),
    inlinedCssPreload(),
    compileHints(),
  ],
  // No page of its own: the only entry is the remoteEntry.js the federation plugin emits.
  build: { target: "es2022", rolldownOptions: { input: {} } },
});
