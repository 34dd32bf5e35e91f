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
    include: ["hosts/*/src/**/*.test.{ts,tsx}", "remotes/*/src/**/*.test.{ts,tsx}"],
    setupFiles: [pathOf("./vitest.setup.ts")],
  },
});
