// The staff article tools' calls and words (spec §7 Articles, §8 Staff article tools and Success
// messages). The server decides who may do what; these only say how each outcome reads.
// The contracts module is imported for its types only: its runtime half pulls in zod.
import { ApiRequestError, apiFetch } from "@unbiased/web-shared";
import type { RegenerateLocationResponse, RegenerateTarget } from "@unbiased/worker-shared/contracts/ingest";

export type { RegenerateTarget };

export interface RegenerateCopy {
  /** The button's label, and what it says while the server works. */
  label: string;
  busyLabel: string;
  success: string;
  failure: string;
  /** When the session has ended (401): the spec's 'Please log in to …'. */
  signedOut: string;
}

/** Spec §8 word for word; the location success is whatever the server says (see regenerate). */
export const REGENERATE_COPY: Record<RegenerateTarget, RegenerateCopy> = {
  summary: {
    label: "Regenerate summary",
    busyLabel: "Regenerating summary…",
    success: "Summary regenerated successfully",
    failure: "Failed to regenerate summary",
    signedOut: "Please log in to regenerate summaries",
  },
  location: {
    label: "Regenerate location",
    busyLabel: "Regenerating location…",
    // Used only if the server's reply carries no message of its own.
    success: "Location regenerated successfully",
    failure: "Failed to regenerate location data",
    signedOut: "Please log in to regenerate location data",
  },
  image: {
    label: "Regenerate image",
    busyLabel: "Regenerating image…",
    success: "Image regenerated successfully",
    failure: "Failed to regenerate image",
    signedOut: "Please log in to regenerate images",
  },
};

export const NO_LOCATION_FOUND = "No location information found";
export const HIDE_COPY = { success: "Article hidden successfully", failure: "Failed to hide article" } as const;

/** How a regeneration ended, as the toast should say it. */
export type Outcome = { tone: "success" | "neutral" | "error"; message: string };

const articleUrl = (id: string) => `/api/articles/${encodeURIComponent(id)}`;

/**
 * POST /api/articles/{id}/regenerate-{target} (empty body). A location that cannot be found is a
 * result, not a failure: the server says so in `message`, with `location` null.
 */
export async function regenerate(articleId: string, target: RegenerateTarget): Promise<Outcome> {
  const copy = REGENERATE_COPY[target];
  try {
    if (target === "location") {
      const reply = await apiFetch<RegenerateLocationResponse>(`${articleUrl(articleId)}/regenerate-location`, {
        method: "POST",
      });
      return reply.location
        ? { tone: "success", message: reply.message || copy.success }
        : { tone: "neutral", message: reply.message || NO_LOCATION_FOUND };
    }
    await apiFetch(`${articleUrl(articleId)}/regenerate-${target}`, { method: "POST" });
    return { tone: "success", message: copy.success };
  } catch (error) {
    // A 401 that survived the client's one refresh means the session is over.
    const signedOut = error instanceof ApiRequestError && error.status === 401;
    return { tone: "error", message: signedOut ? copy.signedOut : copy.failure };
  }
}

/** PUT /api/articles/admin/{id}/hide {reason}: resolves, or rejects with the message to show. */
export async function hideArticle(articleId: string, reason: string): Promise<void> {
  try {
    await apiFetch(`/api/articles/admin/${encodeURIComponent(articleId)}/hide`, { method: "PUT", body: { reason } });
  } catch (error) {
    // The server's reason when it refused this request (403, 404…); the spec's words otherwise.
    const refused = error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.message;
    throw new Error(refused ? error.message : HIDE_COPY.failure);
  }
}
