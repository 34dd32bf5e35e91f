// Makes every build (the shell's client and server renderer, the reader's server renderer) take
// react-router's production files. The package's exports name only `dist/development`, whatever the
// mode, so without this each bundle kept react-router's development warnings and checks (its
// ENABLE_DEV_WARNINGS flag is the only difference between the two folders). The bare `react-router`
// and `react-router/dom` that react-router-dom imports are resolved to `dist/production` by path;
// scripts/built-bundles.test.ts reads the built files for development code.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

/** react-router's production entry files, by the specifier react-router-dom imports them with. */
function productionFiles(): Record<string, string> {
  // The package's folder, found from its (exported) package.json, so the path follows the install.
  const root = dirname(createRequire(import.meta.url).resolve("react-router/package.json"));
  return {
    "react-router": join(root, "dist/production/index.mjs"),
    "react-router/dom": join(root, "dist/production/dom-export.mjs"),
  };
}

export function reactRouterProduction(): Plugin {
  const files = productionFiles();
  return {
    name: "unbiased:react-router-production",
    apply: "build",
    enforce: "pre",
    resolveId: {
      filter: { id: /^react-router(?:\/dom)?$/ },
      handler(source) {
        return files[source] ?? null;
      },
    },
  };
}
