// The shell's import map (docs/decisions/023-import-map-federation.md), read from the shell's page:
// where the browser will find each shared module, so that a page can preload the ones its remote's
// first mount imports beside the remote's own files, instead of a round trip after them.

/** Paths the import map may name for a preload: the shell's shared modules on this origin. */
const SHARED_MODULE_PATH = /^\/assets\/shared\/[\w.-]+\.js$/;

/** The import map's specifier → path, from the shell page's head (empty when it has none or it is damaged). */
function importMapOf(head: string): Map<string, string> {
  const map = /<script type="importmap"[^>]*>([\s\S]*?)<\/script>/.exec(head)?.[1];
  if (!map) return new Map();
  try {
    const imports = (JSON.parse(map) as { imports?: Record<string, unknown> }).imports ?? {};
    return new Map(Object.entries(imports).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return new Map();
  }
}

/**
 * Preloads (started after the first paint, as the remote's own) of the shared modules `specifiers`
 * that the shell's head does not preload already. A specifier the map lacks, or maps off the shell's
 * shared folder, gets none: the browser then resolves it as it would have anyway.
 */
export function sharedModulePreloads(head: string, specifiers: readonly string[]): string {
  const map = importMapOf(head);
  const paths = new Set(
    specifiers
      .map((specifier) => map.get(specifier))
      .filter((path): path is string => path !== undefined && SHARED_MODULE_PATH.test(path))
      .filter((path) => !head.includes(`href="${path}"`)),
  );
  return [...paths].map((path) => `<link rel="modulepreload-after-paint" crossorigin href="${path}">`).join("");
}
