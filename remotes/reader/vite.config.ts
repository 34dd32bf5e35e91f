import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { REMOTE_SHARED } from "../../hosts/shared/federation/sharedSingletons.ts";

const FEED_MODULES =
  /[\\/]remotes[\\/]reader[\\/]src[\\/](?:App\.tsx|reader\.css|feed[\\/]|events[\\/]|cache[\\/]|time[\\/]|hooks[\\/]|ui[\\/]|article[\\/](?:summaryText|ArticleImage))|[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?:createLucideIcon|Icon|defaultAttributes|shared[\\/]|context)/;

// The reader remote: feed, article, search, profile and static pages. It is served from
// /remotes/reader/ and loaded by the shell from the URL in /mf-remotes.json.
export default defineConfig({
  base: "/remotes/reader/",
  cacheDir: "../../node_modules/.vite-reader",
  plugins: [
    react(),
    federation({
      name: "reader",
      filename: "remoteEntry.js",
      exposes: { "./App": "./src/App.tsx" },
      shared: REMOTE_SHARED,
      dts: false,
      // Uses the shell's federation runtime instead of bundling one (see hosts/shell/vite.config.ts):
      // this remote only ever runs inside the shell, built from the same lockfile.
      experiments: { externalRuntime: true },
    }),
  ],
  // No page of its own: the only entry is the remoteEntry.js the federation plugin emits.
  build: {
    target: "es2022",
    rolldownOptions: {
      input: {},
      // The feed's modules in one chunk with App (the lazy pages import them from there) rather
      // than a few small shared chunks: fewer requests on `/`, and one gzip stream compresses better.
      output: { codeSplitting: { groups: [{ name: "App", test: FEED_MODULES }] } },
    },
  },
});
