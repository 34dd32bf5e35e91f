// The shell's server renderer: hosts/shell/ssr/renderShell.tsx, built by `npm run build:web` into
// dist/shell-ssr/render-shell.js and aliased as "@unbiased/shell-ssr" (wrangler.toml [alias]; the
// api vitest config points it at the source). Declared here because the worker's type-check does not
// compile the React code; renderShell.tsx exports exactly this.
declare module "@unbiased/shell-ssr" {
  export interface ShellParts {
    top: string;
    bottom: string;
    /** The shell's "page not found" content, when asked for (a path no remote owns). */
    notFound: string | null;
  }
  export function renderShell(url: string, origin: string, options: { notFound: boolean }): Promise<ShellParts>;
  /** This build of the renderer: part of a cached page's key. */
  export const SHELL_SSR_BUILD: string;
}
