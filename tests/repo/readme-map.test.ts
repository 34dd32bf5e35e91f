// The README's map of the code names every folder a newcomer meets inside a Worker: each folder under
// each Worker's src/, and under each remote's src/ and server/. A folder added without a line in the
// map fails here.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromRoot, WORKERS } from "../../workers/registry.ts";
import { readRepoFile } from "./tracked-files.ts";

/** The map's code block: each entry's full path (from its indentation) and its text. */
function mapEntries(): { path: string; text: string }[] {
  const readme = readRepoFile("README.md");
  const block = readme.slice(readme.indexOf("## Map of the code"));
  const lines = block.slice(block.indexOf("```\n") + 4, block.indexOf("\n```", block.indexOf("```\n") + 4)).split("\n");
  const entries: { path: string; text: string }[] = [];
  const parents: string[] = [];
  for (const line of lines) {
    const name = /^( *)(\S+)/.exec(line);
    // A continuation line (the description column), or a blank one.
    if (!name || (name[1] ?? "").length >= 16) {
      const last = entries.at(-1);
      if (last) last.text += ` ${line.trim()}`;
      continue;
    }
    const depth = (name[1] ?? "").length / 2;
    parents.length = depth;
    const path = [...parents, name[2]].join("");
    if (name[2]?.endsWith("/")) parents[depth] = name[2];
    entries.push({ path, text: line.trim() });
  }
  return entries;
}

/** The folders of `dir` (one level), as "name/". */
const foldersOf = (dir: string) => {
  try {
    return readdirSync(dir)
      .filter((name) => statSync(join(dir, name)).isDirectory())
      .map((name) => `${name}/`);
  } catch {
    return [];
  }
};

describe("the README's map of the code", () => {
  const entries = mapEntries();
  const named = new Set(entries.map((entry) => entry.path));

  it.each(WORKERS.map((worker) => [worker.name, worker.folder] as const))(
    "names every folder of %s's src/ (and a remote's server/)",
    (_, folder) => {
      const inner = folder.startsWith("remotes/") ? ["src/", "server/"] : ["src/"];
      const missing = inner.flatMap((part) =>
        foldersOf(fromRoot(`${folder}/${part}`))
          .map((sub) => `${folder}/${part}${sub}`)
          .filter((path) => !named.has(path)),
      );
      expect(missing).toEqual([]);
    },
  );

  it("lists each Worker's folder", () => {
    for (const worker of WORKERS) expect(named, worker.folder).toContain(`${worker.folder}/`);
  });
});
