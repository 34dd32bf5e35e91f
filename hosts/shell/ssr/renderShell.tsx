// The shell's parts of a page, rendered on the gateway with the shell's own components
// (src/frame/ShellParts.tsx) — exactly what the browser's shell roots then hydrate. The remote's
// part between them comes from the remote's own Worker (docs/decisions/016-fragments.md).
// Built by `npm run build:web` into dist/shell-ssr/render-shell.js (vite.ssr.config.ts), which the
// gateway imports as "@unbiased/shell-ssr".

import { NotFoundPage } from "@unbiased/web-shared";
import { installServerGlobals } from "@unbiased/web-shared/server/browserGlobals.ts";
import { StaticRouter } from "@unbiased/web-shared/server/staticRouter.ts";
import { type ReactNode, StrictMode } from "react";
import { prerender } from "react-dom/static.edge";
import { ShellBottom, ShellTop } from "../src/frame/ShellParts.tsx";
import { activeCategory } from "../src/layout/activeCategory.ts";

async function renderPart(url: string, part: ReactNode): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>{part}</StaticRouter>
    </StrictMode>,
    // Every boundary inline: the header reads without JavaScript.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

declare const __SHELL_SSR_BUILD__: string;

/** This build of the renderer (a new id per build; "source" when run from the source, in the tests). */
export const SHELL_SSR_BUILD = typeof __SHELL_SSR_BUILD__ === "string" ? __SHELL_SSR_BUILD__ : "source";

export interface ShellParts {
  top: string;
  bottom: string;
  /** The shell's "page not found" content, when asked for (a path no remote owns). */
  notFound: string | null;
}

/**
 * The shell's parts are the same on every page that shares what they read: which category link is
 * current (the only thing of the location the header reads), whether the page is "not found", the
 * year in the footer and the origin. So each is rendered once per isolate and kept (a render is the
 * largest part of a page's server time); a failed render is not kept. Only finished parts are shared:
 * a render streams, and a request must not wait on another request's streams (they end with it, and
 * workerd cancels the waiting request as hung), so two requests that miss at once each render.
 * renderShell.test.tsx renders pages of each kind afresh and compares.
 */
const kept = new Map<string, ShellParts>();
/** Categories × found/not found × a year's turn, with room to spare. */
const MAX_KEPT = 64;

function shellKey(url: string, origin: string, notFound: boolean): string {
  const { pathname } = new URL(url, origin);
  return [activeCategory(pathname) ?? "", notFound ? "not-found" : "", new Date().getUTCFullYear(), origin].join("|");
}

/** The header and the footer of the page at `url` (path and query), as a first-time visitor sees them. */
export async function renderShell(url: string, origin: string, options: { notFound: boolean }): Promise<ShellParts> {
  const key = shellKey(url, origin, options.notFound);
  const found = kept.get(key);
  if (found) return found;
  const parts = await renderShellParts(url, origin, options);
  if (kept.size >= MAX_KEPT && !kept.has(key)) kept.delete(kept.keys().next().value as string);
  kept.set(key, parts);
  return parts;
}

async function renderShellParts(url: string, origin: string, options: { notFound: boolean }): Promise<ShellParts> {
  installServerGlobals(origin);
  const [top, bottom, notFound] = await Promise.all([
    renderPart(url, <ShellTop />),
    renderPart(url, <ShellBottom />),
    options.notFound ? renderPart(url, <NotFoundPage />) : null,
  ]);
  return { top, bottom, notFound };
}

/** Tests only: render every part afresh. */
export function forgetRenderedShells(): void {
  kept.clear();
}
