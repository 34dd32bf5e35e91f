// Submitting a URL (spec §5 Submit URL, §7, §8 Submit URL): the call and the words the modal shows.
import { ApiRequestError, apiFetch } from "@unbiased/web-shared";
import type { ApiSuccess } from "@unbiased/worker-shared/contracts/envelope";
import { SUBMIT_URL_MESSAGES, type SubmitUrlResult } from "@unbiased/worker-shared/contracts/ingest";

/** Spec §9: the modal closes this long after a success, so the thank-you can be read. */
export const SUBMIT_URL_CLOSE_DELAY_MS = 1000;

/** POST /api/submissions/url; rejects with the ApiRequestError (400, 401, 403 banned, 429…). */
export async function submitUrl(url: string): Promise<SubmitUrlResult> {
  const response = await apiFetch<ApiSuccess<SubmitUrlResult>>("/api/submissions/url", {
    method: "POST",
    body: { url },
  });
  return response.data;
}

/**
 * What the modal says after a failed submission: the server's reason when it refused this URL or
 * this reader (a 4xx: malformed, private host, banned, too many), 'Failed to submit URL' when the
 * server itself failed, and the network message when it could not be reached (status 0, which is
 * also a timeout).
 */
export function submitUrlFailureMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return SUBMIT_URL_MESSAGES.failed;
  if (error.status === 0) return SUBMIT_URL_MESSAGES.network;
  return error.status >= 400 && error.status < 500 && error.message ? error.message : SUBMIT_URL_MESSAGES.failed;
}
