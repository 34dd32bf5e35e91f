// What a composed page's HTML depends on besides its address (docs/decisions/020-pages-at-the-edge.md):
// the content version (ingestion, hides and regenerations bump it, as for the JSON API), the shell's
// build (its index.html, and the build of its server renderer in this Worker: the two deploy together,
// but locally the files change before the Worker reloads) and the reader's build (its Worker's answer
// to `build`, which names its files and server renderer alike). Each is read at most
// once a second per isolate, so a cached page costs no D1 query and no call of another Worker; a hide
// or a deploy makes new keys within that second.

import { SHELL_SSR_BUILD } from "@unbiased/shell-ssr";
import type { Database } from "@unbiased/worker-shared/db/client";
import { recentContentVersion } from "@unbiased/worker-shared/db/content-version";
import { readerService } from "../services.ts";

const REUSE_MS = 1_000;

/**
 * A value read at most once per REUSE_MS. While one request reads it again, the others of the
 * isolate go on with the value it replaces (a second old at most) rather than await that read: a
 * request must not wait on another request's I/O, which ends with that request (workerd then cancels
 * the waiting one as hung). Only the very first read of an isolate is awaited by each caller alone.
 * A failed read is not remembered.
 */
function everySecond<T>(read: () => Promise<T>) {
  let last: { value: T; at: number } | null = null;
  let refreshing = false;
  return async (): Promise<T> => {
    if (last && (Date.now() - last.at < REUSE_MS || refreshing)) return last.value;
    refreshing = true;
    try {
      const value = await read();
      last = { value, at: Date.now() };
      return value;
    } finally {
      refreshing = false;
    }
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
  // Read once per isolate and second; the first caller's env serves the isolate (one Worker, one env).
  shellBuild ??= everySecond(async () => {
    const response = await env.ASSETS.fetch(new URL("/index.html", origin));
    return response.ok ? digest(await response.text()) : "none";
  });
  readerBuild ??= everySecond(async () => String(await readerService(env).build()));
  const [content, shell, reader] = await Promise.all([recentContentVersion(db), shellBuild(), readerBuild()]);
  return { content, shell: `${shell}-${SHELL_SSR_BUILD}`, reader } satisfies PageVersions;
}
