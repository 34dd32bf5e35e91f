import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// UI unit tests of the shell, the shared package and both remotes, run from the repo root:
//   npx vitest run --config hosts/shell/vitest.config.ts
const pathOf = (relative: string) => decodeURIComponent(new URL(relative, import.meta.url).pathname);

export default defineConfig({
  cacheDir: pathOf("../../node_modules/.vite-web-test"),
  plugins: [react()],
  test: {
    name: "web",
    // test.root (not the top-level root) is what vitest honours when this file is a project of the root config.
    root: pathOf("../.."),
    environment: "happy-dom",
    // One page (happy-dom window) and one module graph per worker, not per file: about 20 s of CPU
    // for the 57 files instead of about 80. vitest.setup.ts empties every page-wide store after each
    // test, as a new page would be; a test that stubs something the setup cannot undo restores it.
    isolate: false,
    include: [
      "hosts/*/src/**/*.test.{ts,tsx}",
      "remotes/*/src/**/*.test.{ts,tsx}",
      "remotes/*/server/**/*.test.{ts,tsx}",
    ],
    setupFiles: [pathOf("./vitest.setup.ts")],
  },
});
