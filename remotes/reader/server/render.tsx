// The reader's server rendering (its Worker, worker/index.ts, runs it): the reader's own components
// under a static router, from the data the page needs, exactly what the browser's reader root then
// hydrates (src/mount.tsx). Built with its own copy of React and @unbiased/web-shared by
// `npm run build:web` (vite.server.config.ts) into dist/server/render.js.

import { PageSWRConfig, renderedWith } from "@unbiased/web-shared";
import { installServerGlobals } from "@unbiased/web-shared/server/browserGlobals.ts";
import { StaticRouter } from "@unbiased/web-shared/server/staticRouter.ts";
import type { ApiCall } from "@unbiased/worker-shared/contracts/page";
import { StrictMode } from "react";
import { renderToReadableStream } from "react-dom/server";
import App from "../src/App.tsx";
import { recordingTimeTexts, TimeTextsContext } from "../src/time/timeTexts.ts";
import type { PlannedFragment, RenderedFragment } from "../worker/serverContract.ts";
import { loadPageData, postThrough } from "./loadData.ts";
import { commentCountData, countedArticleIds, type PageKind, pageDataRequests, voteCountData } from "./pageData.ts";

export type { PageKind, PlannedFragment, RenderedFragment };
export { renderedWith };

/**
 * What the page at `url` needs and whether it exists: its data (with the vote and comment counts of
 * the articles it shows) and its status. `kind` null: a reader page rendered in the browser only
 * (sign-in, profile, static pages).
 */
export async function planFragment(url: string, api: ApiCall): Promise<PlannedFragment> {
  const plan = pageDataRequests(url);
  if (!plan) return { kind: null, status: 200, data: null, complete: true };
  const outcome = await loadPageData(plan.requests, api);
  // A 404 (a missing article) is a whole answer; any other failure leaves the page to the browser.
  if (!outcome.data) return { kind: plan.kind, status: outcome.status, data: null, complete: outcome.status === 404 };
  const ids = countedArticleIds(plan.requests, outcome.data);
  if (ids.length === 0) return { kind: plan.kind, status: 200, data: outcome.data, complete: outcome.complete };
  const post = postThrough(api);
  const [votes, comments] = await Promise.all([voteCountData(ids, post), commentCountData(ids, post)]);
  return {
    kind: plan.kind,
    status: 200,
    data: { ...outcome.data, ...votes.entries, ...comments.entries },
    complete: outcome.complete && votes.complete && comments.complete,
  };
}

/**
 * The reader's markup for `url`: complete (every Suspense boundary resolved inline), readable without
 * JavaScript; with the dates it shows, as the browser will need them while it hydrates.
 */
export async function renderFragment(input: {
  url: string;
  origin: string;
  data: Record<string, unknown>;
  nonce: string;
}): Promise<RenderedFragment> {
  installServerGlobals(input.origin);
  // This request's own: the Worker renders other requests' pages at the same time.
  const timeTexts = recordingTimeTexts();
  const stream = await renderToReadableStream(
    <StrictMode>
      <TimeTextsContext.Provider value={timeTexts}>
        <PageSWRConfig data={input.data}>
          <StaticRouter location={input.url}>
            <App />
          </StaticRouter>
        </PageSWRConfig>
      </TimeTextsContext.Provider>
    </StrictMode>,
    // A large Suspense boundary would be outlined into a hidden segment that a script reveals; with
    // JavaScript off it would never show, so every boundary stays inline.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, nonce: input.nonce },
  );
  // Every component has rendered once this resolves: the map holds every date the markup shows.
  await stream.allReady;
  return { body: stream, timeTexts: Object.fromEntries(timeTexts.record) };
}
