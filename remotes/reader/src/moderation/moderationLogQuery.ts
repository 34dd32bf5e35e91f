// The moderation log page's address and the API call behind it (ADR 018): the page's
// ?page= is the API's, and the SWR key is the API path, so the server's plan (server/pageData.ts)
// seeds exactly what the page reads.

export const moderationLogUrl = (page: number) => `/api/moderation-log?page=${page}`;

/** The page's own address: page 1 is /moderation. */
export const moderationLogPagePath = (page: number) => (page > 1 ? `/moderation?page=${page}` : "/moderation");
