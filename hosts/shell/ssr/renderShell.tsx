// The shell's parts of a page, rendered on the gateway with the shell's own components
// (src/frame/ShellParts.tsx) — exactly what the browser's shell roots then hydrate. The remote's
// part between them comes from the remote's own Worker (docs/decisions/016-fragments.md).
// Built by `npm run build:web` into dist/shell-ssr/render-shell.js (vite.ssr.config.ts), which the
// gateway imports as "@unbiased/shell-ssr".

import { NotFoundPage, StaticRouter } from "@unbiased/web-shared";
import { installServerGlobals } from "@unbiased/web-shared/server/browserGlobals.ts";
import { type ReactNode, StrictMode } from "react";
import { prerender } from "react-dom/static.edge";
import { ShellBottom, ShellTop } from "../src/frame/ShellParts.tsx";

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

/** The header and the footer of the page at `url` (path and query), as a first-time visitor sees them. */
export async function renderShell(url: string, origin: string, options: { notFound: boolean }): Promise<ShellParts> {
  installServerGlobals(origin);
  const [top, bottom, notFound] = await Promise.all([
    renderPart(url, <ShellTop />),
    renderPart(url, <ShellBottom />),
    options.notFound ? renderPart(url, <NotFoundPage />) : null,
  ]);
  return { top, bottom, notFound };
}
