// The data of the reader's server rendering, asked of the gateway's API through the callback the
// gateway passes with its RPC call: the same handlers, content version and cache tiers as the
// browser's own request (no public hop, no second cache).
import type { ApiCall } from "@unbiased/worker-shared/contracts/page";
import type { DataRequest, PostJson } from "./pageData.ts";

/** `complete`: every request answered (an optional one that failed is left out, and the page not kept). */
export type DataOutcome =
  | { status: 200; data: Record<string, unknown>; complete: boolean }
  | { status: number; data: null };

/**
 * The SWR entries for `requests`. A 404 (a missing article) is the page's status; any other failure
 * leaves the page to the browser (status 200, no data), except an optional request's, whose entry is
 * then left out.
 */
export async function loadPageData(requests: readonly DataRequest[], api: ApiCall): Promise<DataOutcome> {
  const answers = await Promise.all(
    requests.map(async ({ key, path, shape, morePaths = [], shownFields }) => {
      const [first, more] = await Promise.all([
        api({ path }),
        Promise.all(morePaths.map((pagePath) => api({ path: pagePath }))),
      ]);
      if (first.status !== 200) return { status: first.status };
      const envelope = first.body as { data?: unknown };
      // A feed is cached as the list of pages loaded so far (the pages after the first up to the
      // server's last, as the browser's hook keeps them); an article as the envelope's data.
      const value = shape === "pages" ? feedPages([first, ...more]) : shape === "data" ? envelope.data : first.body;
      return { status: first.status, entry: [key, shownFields ? listsWith(value, shownFields) : value] as const };
    }),
  );
  const failed = answers.find((answer, index) => answer.status !== 200 && !requests[index]?.optional);
  if (failed) return { status: failed.status === 404 ? 404 : 500, data: null };
  return {
    status: 200,
    complete: answers.every((answer) => answer.status === 200),
    data: Object.fromEntries(answers.flatMap((answer) => ("entry" in answer && answer.entry ? [answer.entry] : []))),
  };
}

/** The pages that answered, up to the last one the server has (a failed later page is left out). */
function feedPages(answers: { status: number; body: unknown }[]): unknown[] {
  const pages: unknown[] = [];
  for (const { status, body } of answers) {
    if (status !== 200) break;
    pages.push(body);
    if (!(body as { pagination?: { hasNext?: boolean } }).pagination?.hasNext) break;
  }
  return pages;
}

/** `value` (a list answer, or a feed's list of them) with only `fields` of each item in its `data`. */
function listsWith(value: unknown, fields: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((page) => listsWith(page, fields));
  const answer = value as { data?: unknown };
  if (!Array.isArray(answer?.data)) return value;
  const items = answer.data as Record<string, unknown>[];
  return {
    ...answer,
    data: items.map((item) => Object.fromEntries(fields.filter((field) => field in item).map((f) => [f, item[f]]))),
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
