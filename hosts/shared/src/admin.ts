// The ModMe-only part of @unbiased/web-shared (its second shared module, in the page's import map as
// `@unbiased/web-shared/admin`): starting and reading the admin session of the password gate, and
// the calls that carry its token. Only ModMe imports it, and its code is a file of its own, so a
// reader's page never loads it (docs/decisions/023-import-map-federation.md).

export { adminFetch } from "./api/adminFetch.ts";
export { ADMIN_SESSION_MS, hasAdminSession, storeAdminSession } from "./auth/adminGate.ts";
export { clearAdminSession } from "./auth/adminSession.ts";
