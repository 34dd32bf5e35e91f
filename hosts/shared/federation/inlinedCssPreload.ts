// Vite plugin for the three client builds (shell, reader, ModMe): Vite's preload helper skips a
// stylesheet the page already carries inline. The gateway and the reader's Worker inline small
// stylesheets as `<style data-href="/…/x.css">` (no round trip before the first paint). Before a chunk
// runs, Vite's helper loads each CSS file the chunk needs unless it finds a `link[rel=stylesheet]` with
// that href, so without this it would fetch every inlined file again and hold the chunk until it
// loaded. (A disabled stylesheet link used to stand in for the inline CSS, but a browser may fetch a
// disabled link too: Chromium 150 did.) A file that was not inlined — a route reached by a client-side
// move — has no such element and is still loaded, once.
//
// The helper is Vite's own code, so the plugin patches one line of it and fails the build when that
// line is not there: a Vite upgrade that rewrites the helper must be looked at, not silently ignored.
import type { Plugin } from "vite";

const PRELOAD_HELPER_ID = "\0vite/preload-helper.js";

/** Where the helper collects the stylesheets a page already has (Vite 8's preload helper). */
const COLLECT_LINKS = /(const links = document\.getElementsByTagName\("link"\);)/;

/** Runs once per preload call, before the helper's own scan of `<link>` elements. */
const COLLECT_INLINED = [
  'for (const style of document.querySelectorAll("style[data-href]"))',
  "preloadedHrefs.styles.add(new URL(style.dataset.href, document.baseURI).href);",
].join(" ");

export function inlinedCssPreload(): Plugin {
  let patched = false;
  return {
    name: "unbiased:inlined-css-preload",
    apply: "build",
    buildStart() {
      patched = false;
    },
    transform: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler(code, id) {
        if (id !== PRELOAD_HELPER_ID) return null;
        if (!COLLECT_LINKS.test(code) || !code.includes("preloadedHrefs.styles"))
          this.error(
            "Vite's preload helper no longer has the line this plugin patches (hosts/shared/federation/inlinedCssPreload.ts): " +
              "check how the new helper finds existing stylesheets and update the patch",
          );
        patched = true;
        return { code: code.replace(COLLECT_LINKS, `${COLLECT_INLINED} $1`), map: null };
      },
    },
    // A build whose chunks import CSS always includes the helper; if it was never seen, the patch
    // could not apply (renamed module id), and the build says so rather than shipping unpatched.
    generateBundle(_options, bundle) {
      const importsCss = Object.values(bundle).some(
        (output) => output.type === "chunk" && (output.viteMetadata?.importedCss.size ?? 0) > 0,
      );
      if (importsCss && !patched)
        this.error(
          `Vite's preload helper (${JSON.stringify(PRELOAD_HELPER_ID)}) was never transformed: nothing patched`,
        );
    },
  };
}
