// Can a remote's build link against a shell? In import-map mode (docs/decisions/023-import-map-federation.md)
// a remote's modules import react, react-dom and @unbiased/web-shared by bare name, and the page's
// import map points those at the shell's modules. A module that imports a name the shell's module does
// not export fails to link, and nothing of the remote runs. So the rule is: shared packages change in
// the shell first, and a remote only uses what the deployed shell provides. `npm run deploy:reader`
// and `deploy:modme` check it before uploading anything (scripts/deploy.mjs).
import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { parseAst } from "vite";

type Node = { type: string; [key: string]: unknown };
type Source = { type: string; value?: unknown; expressions?: unknown[]; quasis?: { value: { cooked?: string } }[] };
/** Bare specifier → the names imported from it (or exported by it). */
export type Names = Map<string, Set<string>>;

const MODULE_LINKS = new Set([
  "ImportDeclaration",
  "ExportNamedDeclaration",
  "ExportAllDeclaration",
  "ImportExpression",
]);

/** A module specifier written as a string or as a template without expressions (the bundler's `import(\`./x.js\`)`). */
function literalText(source: Source | undefined): string | undefined {
  if (source?.type === "Literal" && typeof source.value === "string") return source.value;
  if (source?.type === "TemplateLiteral" && source.expressions?.length === 0) return source.quasis?.[0]?.value.cooked;
  return undefined;
}

/** An import's or export's name, written as an identifier or a string. */
const nameOf = (name: { type: string; name?: string; value?: unknown }) =>
  name.type === "Literal" ? String(name.value) : String(name.name);

/** `import … from "./x.js"` (static) and `import("./x.js")` (dynamic), relative to the importer. */
function relativeImports(ast: unknown): string[] {
  const found: string[] = [];
  const visit = (node: Node | undefined) => {
    if (!node || typeof node.type !== "string") return;
    const specifier = MODULE_LINKS.has(node.type) ? literalText(node.source as Source | undefined) : undefined;
    if (specifier?.startsWith(".")) found.push(specifier);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) visit(item as Node);
      else if (value && typeof value === "object") visit(value as Node);
    }
  };
  visit(ast as Node);
  return found;
}

/** The names each bare specifier is imported with, over every module reachable from the remote's entry. */
export function sharedImportsOf(remoteDir: string, entryFile: string): Names {
  const wanted: Names = new Map();
  const seen = new Set<string>();
  const queue = [entryFile];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const ast = parseAst(readFileSync(join(remoteDir, file), "utf8"));
    for (const node of ast.body) {
      if (node.type !== "ImportDeclaration" || node.source.value.startsWith(".")) continue;
      const names = wanted.get(node.source.value) ?? new Set<string>();
      for (const specifier of node.specifiers) {
        if (specifier.type === "ImportDefaultSpecifier") names.add("default");
        if (specifier.type === "ImportSpecifier") names.add(nameOf(specifier.imported));
      }
      wanted.set(node.source.value, names);
    }
    for (const specifier of relativeImports(ast)) queue.push(posix.join(posix.dirname(file), specifier));
  }
  return wanted;
}

/** The shell's import map (from its index.html) and the names each mapped module exports. */
export async function shellExports(readShellFile: (path: string) => Promise<string>): Promise<Names> {
  const html = await readShellFile("/index.html");
  const map = html.match(/<script type="importmap"[^>]*>([\s\S]*?)<\/script>/)?.[1];
  if (!map) throw new Error("the shell's index.html has no import map: deploy the shell first");
  const exports: Names = new Map();
  const imports = (JSON.parse(map) as { imports?: Record<string, string> }).imports ?? {};
  for (const [specifier, url] of Object.entries(imports)) {
    const names = new Set<string>();
    for (const node of parseAst(await readShellFile(url)).body) {
      if (node.type !== "ExportNamedDeclaration") continue;
      for (const s of node.specifiers) names.add(nameOf(s.exported));
    }
    exports.set(specifier, names);
  }
  return exports;
}

/** "specifier: name" for every import of the remote the shell cannot satisfy (empty: it links). */
export function missingLinks(wanted: Names, provided: Names): string[] {
  const missing: string[] = [];
  for (const [specifier, names] of wanted) {
    const exported = provided.get(specifier);
    if (!exported) {
      missing.push(`${specifier} (not in the shell's import map)`);
      continue;
    }
    for (const name of names) if (!exported.has(name)) missing.push(`${specifier}: ${name}`);
  }
  return missing.sort();
}

/**
 * Reads the shell's files from `origin` (the deployed shell) or, without one, from its local build
 * (`dist/public`, what a dry run or a full deploy ships).
 */
export function shellFiles(root: string, origin?: string): (path: string) => Promise<string> {
  if (origin) {
    return async (path: string) => {
      const res = await fetch(new URL(path, origin));
      if (!res.ok) throw new Error(`${new URL(path, origin)} answered ${res.status}`);
      return res.text();
    };
  }
  return async (path: string) => {
    const file = join(root, "dist/public", path);
    if (!existsSync(file)) throw new Error(`${file} is missing: build the shell first`);
    return readFileSync(file, "utf8");
  };
}

/** The remote's built client folder and its current entry (its manifest's, without the query). */
export function remoteBuild(root: string, name: string): { dir: string; entryFile: string } {
  const dir = join(root, "remotes", name, "dist/client/remotes", name);
  const { entry } = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as { entry: string };
  const file = new URL(entry, "http://x").pathname.replace(`/remotes/${name}/`, "");
  return { dir, entryFile: file };
}
