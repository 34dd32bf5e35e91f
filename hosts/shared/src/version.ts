// The versions of the shared code this copy of @unbiased/web-shared is: in the browser, the shell's
// (which provides web-shared and React to every remote); on the reader's Worker, its own bundled copy.
import { version as reactVersion } from "react";

declare const __WEB_SHARED_VERSION__: string;

export interface RenderedWith {
  react: string;
  webShared: string;
}

/** Set by every build that compiles web-shared (federation/webSharedVersion.ts); "dev" elsewhere (tests). */
export const WEB_SHARED_VERSION: string = typeof __WEB_SHARED_VERSION__ === "string" ? __WEB_SHARED_VERSION__ : "dev";

export const renderedWith = (): RenderedWith => ({ react: reactVersion, webShared: WEB_SHARED_VERSION });

/** Markup rendered with other copies than this page's would not hydrate cleanly: it is rendered anew. */
export const sameVersions = (a: RenderedWith | null, b: RenderedWith) =>
  a !== null && a.react === b.react && a.webShared === b.webShared;
