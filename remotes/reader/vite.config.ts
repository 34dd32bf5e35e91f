import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compileHints } from "../../hosts/shared/federation/compileHints.ts";
import { inlinedCssPreload } from "../../hosts/shared/federation/inlinedCssPreload.ts";
import { lucideFromWebShared } from "../../hosts/shared/federation/lucideFromWebShared.ts";
import { noticeDefine } from "../../hosts/shared/federation/notices.ts";
import { REMOTE_SHARED } from "../../hosts/shared/federation/sharedSingletons.ts";

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
  build: {
    target: "es2022",
    rolldownOptions: {
      input: {},
      // App's chunk may also export what the lazy pages import from it: otherwise the exposed
      // module gets a one-line facade file of its own (another request on `/`).
      preserveEntrySignatures: "allow-extension",
      // The feed's modules in one chunk with App (the lazy pages import them from there) rather
      // than a few small shared chunks: fewer requests on `/`, and one gzip stream compresses better.
      // The federation runtime's glue for an externalRuntime remote (the shim over the shell's
      // runtime, its entry and helpers) likewise in one file instead of three.
      output: {
        codeSplitting: {
          groups: [
            { name: "App", test: FEED_MODULES },
            { name: "mf-runtime", test: /[\\/]node_modules[\\/]@module-federation[\\/]/ },
          ],
        },
      },
    },
  },
});
