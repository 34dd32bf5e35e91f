// What a composed page's HTML depends on besides its address (docs/decisions/020-pages-at-the-edge.md):
// the content version (ingestion, hides and regenerations bump it, as for the JSON API), the shell's
// build (its index.html) and the reader's build (the entry its manifest names). Each is read at most
// once a second per isolate, so a cached page costs no D1 query and no call of another Worker; a hide
// or a deploy makes new keys within that second.
import { remoteManifestPath } from "@unbiased/worker-shared/contracts/page";
import type { Database } from "@unbiased/worker-shared/db/client";
import { recentContentVersion } from "@unbiased/worker-shared/db/content-version";

const REUSE_MS = 1_000;

/** A value read at most once per REUSE_MS; a failed read is not remembered. */
function everySecond<T>(read: () => Promise<T>) {
  let last: { value: T; at: number } | null = null;
  let reading: Promise<T> | null = null;
  return async (): Promise<T> => {
    if (last && Date.now() - last.at < REUSE_MS) return last.value;
    reading ??= read()
      .then((value) => {
        last = { value, at: Date.now() };
        return value;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
}

/** A short digest of a text: a version label, not a secret. */
async function digest(text: string): Promise<string> {
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(hash).slice(0, 8)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

let shellBuild: (() => Promise<string>) | null = null;
let readerBuild: (() => Promise<string>) | null = null;

export interface PageVersions {
  content: number;
  shell: string;
  reader: string;
}

/** The versions a cached page of the reader's must match; its key carries them. */
export async function pageVersions(env: Pick<Env, "ASSETS" | "READER">, db: Database, origin: string) {
  shellBuild ??= everySecond(async () => {
    const response = await env.ASSETS.fetch(new URL("/index.html", origin));
    return response.ok ? digest(await response.text()) : "none";
  });
  readerBuild ??= everySecond(async () => {
    const response = await env.READER.fetch(new URL(remoteManifestPath("reader"), origin));
    if (!response.ok) throw new Error(`the reader's manifest answered ${response.status}`);
    return digest(((await response.json()) as { entry: string }).entry);
  });
  const [content, shell, reader] = await Promise.all([recentContentVersion(db), shellBuild(), readerBuild()]);
  return { content, shell, reader } satisfies PageVersions;
}
