// The gateway's renderer of the shell's parts (ssr/renderShell.tsx): one self-contained ES module for
// workerd, with React, the router and the shell's components bundled in, and nothing of the remotes
// (the reader renders its own part in its own Worker). CSS imports are dropped (the browser gets the
// CSS from the normal build). `node scripts/build-web.mjs` builds it.
import { randomUUID } from "node:crypto";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { reactRouterProduction } from "../shared/federation/reactRouterProduction.ts";
import { webSharedVersionDefine } from "../shared/federation/webSharedVersion.ts";

export default defineConfig({
  cacheDir: "../../node_modules/.vite-ssr",
  plugins: [react(), reactRouterProduction()],
  // Each build of the renderer names itself: cached pages are keyed on it (the gateway's page cache,
  // docs/decisions/020-pages-at-the-edge.md), so a page rendered by an older renderer is never served
  // by a newer one.
  define: { ...webSharedVersionDefine(), __SHELL_SSR_BUILD__: JSON.stringify(randomUUID()) },
  publicDir: false,
  ssr: { noExternal: true, target: "webworker", resolve: { conditions: ["workerd", "worker", "browser"] } },
  build: {
    ssr: "ssr/renderShell.tsx",
    target: "es2022",
    minify: true,
    rolldownOptions: { output: { entryFileNames: "render-shell.js" } },
  },
});
