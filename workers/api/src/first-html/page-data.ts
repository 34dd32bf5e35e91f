// The data of a page's first HTML, asked of the gateway's own API in-process: the same handlers, the
// same content version and the same cache tiers as the browser's own request would meet.
import type { DataRequest } from "@unbiased/first-html";

export type GatewayFetch = (request: Request) => Promise<Response>;

/**
 * The SWR entries for `requests`, or null when one of them is not a success (a missing article, a
 * refused query): the page then goes out without first HTML and the app says what went wrong.
 */
export async function loadPageData(
  requests: readonly DataRequest[],
  origin: string,
  fetchGateway: GatewayFetch,
): Promise<Record<string, unknown> | null> {
  const entries = await Promise.all(
    requests.map(async ({ key, path, shape }) => {
      const response = await fetchGateway(
        new Request(new URL(path, origin), { headers: { Accept: "application/json" } }),
      );
      if (!response.ok) return null;
      const body = (await response.json()) as { data?: unknown };
      // A feed is cached as the list of pages loaded so far; an article as the envelope's data.
      const value = shape === "pages" ? [body] : shape === "data" ? body.data : body;
      return [key, value] as const;
    }),
  );
  return entries.every((entry) => entry !== null) ? Object.fromEntries(entries) : null;
}
