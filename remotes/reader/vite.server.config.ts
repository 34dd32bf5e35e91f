// The reader's server renderer (server/render.tsx) for its own Worker: one self-contained ES module
// for workerd with its own copy of React, the router, SWR and @unbiased/web-shared (the browser
// hydrates with the shell's copies; the fragment says which versions it rendered with). CSS imports
// are dropped (the browser gets the CSS from the client build). `node scripts/build-web.mjs` builds it.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { noticeDefine } from "../../hosts/shared/federation/notices.ts";
import { reactRouterProduction } from "../../hosts/shared/federation/reactRouterProduction.ts";
import { webSharedVersionDefine } from "../../hosts/shared/federation/webSharedVersion.ts";

export default defineConfig({
  cacheDir: "../../node_modules/.vite-reader-server",
  plugins: [react(), reactRouterProduction()],
  define: { ...webSharedVersionDefine(), ...noticeDefine("READER_NOTICE") },
  publicDir: false,
  ssr: { noExternal: true, target: "webworker", resolve: { conditions: ["workerd", "worker", "browser"] } },
  build: {
    ssr: "server/render.tsx",
    target: "es2022",
    minify: true,
    rolldownOptions: { output: { entryFileNames: "render.js" } },
  },
});
