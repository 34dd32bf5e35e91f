// The data of the reader's server rendering, asked of the gateway's API through the callback the
// gateway passes with its RPC call: the same handlers, content version and cache tiers as the
// browser's own request (no public hop, no second cache).
import type { ApiCall } from "@unbiased/worker-shared/contracts/page";
import type { DataRequest, PostJson } from "./pageData.ts";

export type DataOutcome = { status: 200; data: Record<string, unknown> } | { status: number; data: null };

/**
 * The SWR entries for `requests`. A 404 (a missing article) is the page's status; any other failure
 * leaves the page to the browser (status 200, no data).
 */
export async function loadPageData(requests: readonly DataRequest[], api: ApiCall): Promise<DataOutcome> {
  const answers = await Promise.all(
    requests.map(async ({ key, path, shape }) => {
      const { status, body } = await api({ path });
      if (status !== 200) return { status };
      const envelope = body as { data?: unknown };
      // A feed is cached as the list of pages loaded so far; an article as the envelope's data.
      const value = shape === "pages" ? [body] : shape === "data" ? envelope.data : body;
      return { status, entry: [key, value] as const };
    }),
  );
  const failed = answers.find((answer) => answer.status !== 200);
  if (failed) return { status: failed.status === 404 ? 404 : 500, data: null };
  return {
    status: 200,
    data: Object.fromEntries(answers.flatMap((answer) => ("entry" in answer && answer.entry ? [answer.entry] : []))),
  };
}

/** A JSON POST through the callback; rejects on a failure (the counts are then left out). */
export const postThrough =
  (api: ApiCall): PostJson =>
  async (path, body) => {
    const answer = await api({ path, method: "POST", body });
    if (answer.status !== 200) throw new Error(`${path}: HTTP ${answer.status}`);
    return answer.body;
  };
