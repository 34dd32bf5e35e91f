// Epoch milliseconds in D1, ISO strings on the wire (one conversion for every ModMe response).
export const iso = (ms: number) => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
