// Asking the reader's Worker for its part of a page, over the READER service binding (RPC). The
// gateway's API goes with the call as a callback into its own handlers (the same cached answers as
// the browser's requests: no public hop, no second cache), so the reader's Worker needs no binding
// back to the gateway and the two deploy in either order. A reader that fails or takes longer than
// FRAGMENT_TIMEOUT_MS costs the page its reader part, never the page (docs/decisions/016-fragments.md).
import type { ApiCall, FragmentRequest, FragmentResult } from "@unbiased/worker-shared/contracts/page";
import type { ReaderRpc } from "@unbiased/worker-shared/contracts/rpc";
import { pageSlowPart } from "./deadline.ts";

/**
 * How long a page waits for the reader's answer (its status, head, data and dates, given once its
 * markup has rendered) before it goes out with the error panel.
 */
export const FRAGMENT_TIMEOUT_MS = 1500;

/** The gateway's API for the reader's Worker: each call runs the gateway's own handlers in-process. */
export function apiCallback(origin: string, gateway: (request: Request) => Promise<Response>): ApiCall {
  return async ({ path, method = "GET", body }) => {
    const response = await gateway(
      new Request(new URL(path, origin), {
        method,
        headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: response.status, body: await response.json().catch(() => null) };
  };
}

export type FragmentOutcome = { ok: true; fragment: FragmentResult } | { ok: false; reason: string };

export async function askReader(
  reader: Pick<ReaderRpc, "fragment">,
  request: FragmentRequest,
  api: ApiCall,
  context: { requestId: string },
  timeoutMs = FRAGMENT_TIMEOUT_MS,
): Promise<FragmentOutcome> {
  const outcome = await pageSlowPart(reader.fragment(request, api), timeoutMs, {
    level: "error",
    msg: "reader fragment unavailable, page sent with its error panel",
    requestId: context.requestId,
  });
  return outcome.ok ? { ok: true, fragment: outcome.value } : outcome;
}
