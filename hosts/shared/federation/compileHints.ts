// Vite plugin for the three client builds (shell, reader, ModMe): marks each JavaScript chunk for eager
// compilation with V8's explicit compile hint, the magic comment `//# allFunctionsCalledOnLoad`
// (Chromium 136+; other engines read a comment). Without it V8 only pre-parses a script's functions
// and compiles each on the main thread the first time it is called — and on `/` nearly all of them
// are first called while the page hydrates (React DOM's reconciler, the federation runtime's share
// negotiation, the feed's components): measured at 4x CPU, ~100 ms of that window. With the hint
// V8 compiles them on a background thread while the file streams in (docs/decisions/019-early-input.md).
// Every chunk, because each one is fetched when its code is about to run: the startup files at once,
// a page's chunk when the page renders, a dialog's when it opens.
// The comment must open the file, so it is added last, after Vite has prepended its preload map; the
// file names' content hash takes it into account. The builds emit no source maps (a map would be a
// line off), so a build that asks for them stops here.
import type { Plugin } from "vite";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

export function compileHints(): Plugin {
  return {
    name: "unbiased:compile-hints",
    apply: "build",
    enforce: "post",
    augmentChunkHash: () => COMPILE_HINT,
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== "chunk") continue;
          if (output.map)
            this.error(
              `compile hints would shift ${output.fileName}'s source map by a line: build without source maps`,
            );
          output.code = COMPILE_HINT + output.code;
        }
      },
    },
  };
}
