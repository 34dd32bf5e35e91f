// The gateway's first-HTML renderer (ssr/renderPage.tsx): one self-contained ES module for workerd,
// with React, the router, SWR and the shell's and reader's components bundled in. CSS imports are
// dropped (the browser gets the CSS from the normal build). `node scripts/build-web.mjs` builds it.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  cacheDir: "../../node_modules/.vite-ssr",
  plugins: [react()],
  // The reader is bundled in, not loaded through Module Federation (ssr/serverRemotes.ts).
  resolve: { alias: [{ find: /^.*\/loadRemoteApp\.ts$/, replacement: `${import.meta.dirname}/ssr/serverRemotes.ts` }] },
  publicDir: false,
  ssr: { noExternal: true, target: "webworker", resolve: { conditions: ["workerd", "worker", "browser"] } },
  build: {
    ssr: "ssr/renderPage.tsx",
    target: "es2022",
    minify: true,
    rolldownOptions: { output: { entryFileNames: "render-page.js" } },
  },
});
