// The project's own sample corpus (original, fictional articles written for it), read from wherever
// the repository keeps it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface SampleArticle {
  key: string;
  title: string;
  body: string;
}

const CANDIDATES = ["workers/ingest/sample-corpus", "workers/api/sample-corpus"].map((dir) =>
  join(import.meta.dirname, "../..", dir),
);

export function readSampleCorpus(): SampleArticle[] {
  const dir = CANDIDATES.find((candidate) => existsSync(candidate));
  if (!dir) throw new Error(`sample corpus not found (looked in ${CANDIDATES.join(", ")})`);
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) => (JSON.parse(readFileSync(join(dir, file), "utf8")) as { articles: SampleArticle[] }).articles);
}
