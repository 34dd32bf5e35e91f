// Epoch milliseconds in D1, ISO strings on the wire (one conversion for every ModMe response).
export const iso = (ms: number) => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** Page arithmetic shared by every paged ModMe list. */
export function pageOf(page: number, limit: number, total: number) {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}
