import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compileHints } from "../../hosts/shared/federation/compileHints.ts";
import { inlinedCssPreload } from "../../hosts/shared/federation/inlinedCssPreload.ts";
import { lucideFromWebShared } from "../../hosts/shared/federation/lucideFromWebShared.ts";
import { noticeDefine } from "../../hosts/shared/federation/notices.ts";
import { quietPrivateJsxRuntime, SHARED_SINGLETONS } from "../../hosts/shared/federation/sharedSingletons.ts";

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
      exposes: { "./entry": "./src/entry.ts" },
      shared: SHARED_SINGLETONS,
      dts: false,
      // Import-map mode (docs/decisions/023-import-map-federation.md): entry.js, its chunks and a
      // manifest; react, react-dom and web-shared stay bare imports that the shell's import map
      // resolves, so no copy of them and no federation runtime ships with this remote.
      experiments: { hostProvidesAllShared: true },
    }),
    inlinedCssPreload(),
    compileHints(),
  ],
  // No page of its own: the only entry is entry.js, which the federation plugin sets as the input.
  build: { target: "es2022", rolldownOptions: { onLog: quietPrivateJsxRuntime } },
});
