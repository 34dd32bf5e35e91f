// The reader's Worker: it serves the reader's built files under /remotes/reader/ (the static assets
// layer answers them before this code runs) and renders the reader's part of a page for the gateway,
// which calls `fragment` over its READER service binding (docs/decisions/016-fragments.md). Its
// server renderer and its client files come from one build and ship in one deploy, so the reader's
// own code always agrees on both sides.
import { WorkerEntrypoint } from "cloudflare:workers";
import clientAssets from "@unbiased/reader-client-assets";
import { planFragment, renderedWith, renderFragment } from "@unbiased/reader-server";
import type { ApiCall, FragmentRequest, FragmentResult } from "@unbiased/worker-shared/contracts/page";
import type { ReaderRpc } from "@unbiased/worker-shared/contracts/rpc";
import { fragmentHead } from "./head.ts";

export default class ReaderWorker extends WorkerEntrypoint<Env> implements ReaderRpc {
  override async fetch(request: Request): Promise<Response> {
    // A path the static assets did not have: a stale chunk after a deploy, or a mistyped URL.
    const { pathname } = new URL(request.url);
    return Response.json({ success: false, error: `File not found: ${pathname}` }, { status: 404 });
  }

  /** This build's name: the gateway's cached pages are keyed on it (ADR 020). */
  build(): string {
    return clientAssets.build;
  }

  /**
   * The page's status, the head its client needs, the data it was rendered from and the dates it
   * shows come back once the markup has rendered (its dates are known only then); the markup itself
   * streams in `body`.
   */
  async fragment(request: FragmentRequest, api: ApiCall): Promise<FragmentResult> {
    // The gateway's API is needed only to plan (the render reads `data`): its stub is let go here, and
    // the call yields once before it goes on, so the gateway hears of it while this call is still open.
    // Left to the garbage collector, workerd warned "An RPC stub was not disposed properly"; and when
    // the call ended in the turn it answered (a missing article: no markup to render after it), the
    // gateway's request for the page was cancelled as hung after it had answered.
    const planned = await planFragment(request.url, api).finally(() =>
      (api as Partial<Disposable>)[Symbol.dispose]?.(),
    );
    await scheduler.wait(0);
    const head = await fragmentHead(planned.kind, this.env.ASSETS);
    // The server renders times from this minute; the browser hydrates from the same (on the element).
    const renderedMinute = Math.floor(Date.now() / 60_000) * 60_000;
    const result = {
      status: planned.status,
      head,
      renderedWith: renderedWith(),
      title: null,
      renderedMinute,
      complete: planned.complete,
    };
    if (!planned.data) return { ...result, data: {}, body: null };
    const data = planned.data;
    try {
      const rendered = await renderFragment({ url: request.url, origin: request.origin, data, nonce: request.nonce });
      return { ...result, data, body: rendered.body, timeTexts: rendered.timeTexts };
    } catch (error) {
      // The browser renders the page from its data instead; the page is not whole, so not cached.
      console.error(JSON.stringify({ level: "error", msg: "reader fragment failed", error: String(error) }));
      return { ...result, data, body: null, complete: false };
    }
  }
}
