// experiments.provideExternalRuntime adds a runtime plugin that reads only `version` from
// `@module-federation/runtime/package.json`, but with a default JSON import the bundler keeps the
// whole manifest (scripts, exports map, repository…: ~1.4 KB in the shell's remoteEntry, fetched on
// every page). This keeps the two fields that plugin reads, before Vite turns the JSON into a module.
import type { Plugin } from "vite";

const RUNTIME_PACKAGE_JSON = /[\\/]node_modules[\\/]@module-federation[\\/]runtime[\\/]package\.json$/;

export function trimRuntimePackageJson(): Plugin {
  return {
    name: "unbiased:trim-runtime-package-json",
    apply: "build",
    enforce: "pre",
    transform: {
      filter: { id: RUNTIME_PACKAGE_JSON },
      handler(code) {
        const { name, version } = JSON.parse(code) as { name: string; version: string };
        return { code: JSON.stringify({ name, version }), map: null };
      },
    },
  };
}
