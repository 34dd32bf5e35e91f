// Vite plugin for the remotes: every lucide-react icon module (`lucide-react/icons/<name>`) imports
// the package's icon factory (createLucideIcon with its <Icon>, defaults and context: ~1.3 KB gz).
// Bundled in each remote, that factory would be fetched twice on `/` (the shell has it too). This
// redirects the icons' import to a module that takes the factory from @unbiased/web-shared — the
// shell's copy, shared as a Module Federation singleton. The icon data stays in the remote, so it
// is tree-shaken and loaded with the page that draws it.
// A virtual module, not a file under hosts/shared: Module Federation does not proxy a package's
// imports of itself, so a file inside web-shared would bundle web-shared's source into the remote.
// Build only: the unit tests import lucide-react directly, outside Module Federation.
import type { Plugin } from "vite";

const ICON_MODULE = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;
const FACTORY_ID = "\0unbiased:lucide-factory-from-web-shared";

export function lucideFromWebShared(): Plugin {
  return {
    name: "unbiased:lucide-from-web-shared",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer && ICON_MODULE.test(importer)) return FACTORY_ID;
      return null;
    },
    load(id) {
      if (id !== FACTORY_ID) return null;
      return 'import { createLucideIcon } from "@unbiased/web-shared";\nexport default createLucideIcon;\n';
    },
  };
}
