import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compileHints } from "../../hosts/shared/federation/compileHints.ts";
import { inlinedCssPreload } from "../../hosts/shared/federation/inlinedCssPreload.ts";
import { lucideFromWebShared } from "../../hosts/shared/federation/lucideFromWebShared.ts";
import { noticeDefine } from "../../hosts/shared/federation/notices.ts";
import { quietPrivateJsxRuntime, SHARED_SINGLETONS } from "../../hosts/shared/federation/sharedSingletons.ts";

// The event page (one story across outlets) is a page of its own, in a chunk of its own; the feed's
// Events section stays with the feed.
const FEED_MODULES =
  /[\\/]remotes[\\/]reader[\\/]src[\\/](?:App\.tsx|mount\.tsx|routes\.ts|reader\.css|feed[\\/]|events[\\/](?!Event(?:Route|Page))|cache[\\/]|time[\\/]|hooks[\\/]|ui[\\/]|article[\\/](?:summaryText|ArticleImage))/;

// The reader remote: feed, article, search, profile and static pages. Its own Worker serves it from
// /remotes/reader/ (wrangler.toml); the shell loads it from the entry its fragment or manifest names.
export default defineConfig({
  base: "/remotes/reader/",
  define: noticeDefine("READER_NOTICE"),
  cacheDir: "../../node_modules/.vite-reader",
  plugins: [
    react(),
    lucideFromWebShared(),
    federation({
      name: "reader",
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
  build: {
    target: "es2022",
    rolldownOptions: {
      onLog: quietPrivateJsxRuntime,
      // The feed's modules in one chunk with App (the lazy pages import them from there) rather
      // than a few small shared chunks: fewer requests on `/`, and one gzip stream compresses better.
      output: { codeSplitting: { groups: [{ name: "App", test: FEED_MODULES }] } },
    },
  },
});
