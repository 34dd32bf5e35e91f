// The first HTML of a reader page, rendered on the gateway with the shell's and the reader's own
// React components (docs/decisions/013-first-html.md): the same tree the browser then hydrates
// (src/AppTree.tsx), so there is no second copy of the cards' or the article's markup to drift.
// Built by `npm run build:web` into dist/ssr/render-page.js (vite.ssr.config.ts), which the gateway
// imports as "@unbiased/first-html".
import { StrictMode } from "react";
import { prerender } from "react-dom/static.edge";
import { StaticRouter } from "react-router-dom";
import { AppTree } from "../src/AppTree.tsx";
import { installServerGlobals } from "./browserGlobals.ts";

export interface RenderPageInput {
  /** Path and query of the page, e.g. "/" or "/article/slug/id". */
  url: string;
  origin: string;
  /** SWR cache entries the page's hooks read (key → data), as the API answered them. */
  data: Record<string, unknown>;
}

/** The page's markup for #root; throws when a component cannot render on the server. */
export async function renderPage({ url, origin, data }: RenderPageInput): Promise<string> {
  installServerGlobals(origin);
  // prerender (not renderToReadableStream) waits for every lazy part and Suspense boundary and
  // emits one complete fragment.
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <AppTree firstPage={data} />
      </StaticRouter>
    </StrictMode>,
    // React outlines a large Suspense boundary into a hidden segment that a script reveals; with
    // JavaScript off that segment would never show, so every boundary stays inline.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

export {
  commentCountData,
  type DataRequest,
  type DataShape,
  type PageKind,
  type PagePlan,
  type PostJson,
  pageDataRequests,
  voteCountData,
} from "./pageData.ts";
