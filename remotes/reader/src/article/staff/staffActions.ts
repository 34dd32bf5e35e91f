// The staff article tools' calls and words (spec §7 Articles, §8 Staff article tools and Success
// messages). The server decides who may do what; these only say how each outcome reads.
import { ApiRequestError, apiFetch } from "@unbiased/web-shared";
import {
  type RegenerateLocationResponse,
  type RegenerateTarget,
  STAFF_TOOL_MESSAGES,
} from "@unbiased/worker-shared/contracts/ingest";

export type { RegenerateTarget };

/** Each button's label, and what it says while the server works (the outcomes' words are the contract's). */
export const REGENERATE_LABELS: Record<RegenerateTarget, { label: string; busyLabel: string }> = {
  summary: { label: "Regenerate summary", busyLabel: "Regenerating summary…" },
  location: { label: "Regenerate location", busyLabel: "Regenerating location…" },
  image: { label: "Regenerate image", busyLabel: "Regenerating image…" },
};

/** How a regeneration ended, as the toast should say it. */
export type Outcome = { tone: "success" | "neutral" | "error"; message: string };

const articleUrl = (id: string) => `/api/articles/${encodeURIComponent(id)}`;

/**
 * POST /api/articles/{id}/regenerate-{target} (empty body). A location that cannot be found is a
 * result, not a failure: the server says so in `message`, with `location` null.
 */
export async function regenerate(articleId: string, target: RegenerateTarget): Promise<Outcome> {
  try {
    if (target === "location") {
      const reply = await apiFetch<RegenerateLocationResponse>(`${articleUrl(articleId)}/regenerate-location`, {
        method: "POST",
      });
      return reply.location
        ? { tone: "success", message: reply.message || STAFF_TOOL_MESSAGES.regenerated.location }
        : { tone: "neutral", message: reply.message || STAFF_TOOL_MESSAGES.noLocation };
    }
    await apiFetch(`${articleUrl(articleId)}/regenerate-${target}`, { method: "POST" });
    return { tone: "success", message: STAFF_TOOL_MESSAGES.regenerated[target] };
  } catch (error) {
    // A 401 that survived the client's one refresh means the session is over.
    const signedOut = error instanceof ApiRequestError && error.status === 401;
    return {
      tone: "error",
      message: signedOut ? STAFF_TOOL_MESSAGES.signedOut[target] : STAFF_TOOL_MESSAGES.failed[target],
    };
  }
}

/** PUT /api/articles/admin/{id}/hide {reason}: resolves, or rejects with the message to show. */
export async function hideArticle(articleId: string, reason: string): Promise<void> {
  try {
    await apiFetch(`/api/articles/admin/${encodeURIComponent(articleId)}/hide`, { method: "PUT", body: { reason } });
  } catch (error) {
    // The server's reason when it refused this request (403, 404…); the spec's words otherwise.
    const refused = error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.message;
    throw new Error(refused ? error.message : STAFF_TOOL_MESSAGES.hideFailed);
  }
}
