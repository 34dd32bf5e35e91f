import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { SHARED_SINGLETONS } from "../../hosts/shared/federation/sharedSingletons.ts";

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
      shared: SHARED_SINGLETONS,
      dts: false,
      // Uses the shell's federation runtime instead of bundling one (see hosts/shell/vite.config.ts):
      // this remote only ever runs inside the shell, built from the same lockfile.
      experiments: { externalRuntime: true },
    }),
  ],
  // No page of its own: the only entry is the remoteEntry.js the federation plugin emits.
  build: { target: "es2022", rolldownOptions: { input: {} } },
});
