// A stand-in back end for UI tests (not part of the app bundle; tests deep-import it). Routes are
// keyed "METHOD /path" and answer [status, body]; every request is recorded with the bearer token
// it carried, so a test can assert what the UI sent.

import type { Role, SignedInUser } from "@unbiased/worker-shared/contracts/auth";
import { vi } from "vitest";

export interface RecordedRequest {
  method: string;
  path: string;
  /** The URL's search parameters (routes are keyed by path alone). */
  query: URLSearchParams;
  token: string | null;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type Reply = readonly [status: number, body: unknown];
export type Route = Reply | ((request: RecordedRequest) => Reply | Promise<Reply>);

export const ok = (data: unknown): Reply => [200, { success: true, data }];
export const fail = (status: number, error: string): Reply => [status, { success: false, error }];

/** Replaces fetch for the rest of the test; unknown routes answer 404. Returns the request log. */
export function stubApi(routes: Record<string, Route>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const url = new URL(input, "http://localhost");
      const request: RecordedRequest = {
        method: init.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        token: headers.Authorization?.replace(/^Bearer /, "") ?? null,
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
        credentials: init.credentials,
      };
      requests.push(request);
      const route = routes[`${request.method} ${request.path}`];
      const [status, body] =
        route === undefined
          ? fail(404, `No stub for ${request.method} ${request.path}`)
          : typeof route === "function"
            ? await route(request)
            : route;
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
  return requests;
}

export function sampleUser(role: Role, overrides: Partial<SignedInUser> = {}): SignedInUser {
  return {
    id: `u-${role}`,
    name: `Sam ${role}`,
    email: `${role}@example.test`,
    picture: null,
    role,
    createdAt: "2026-01-15T12:00:00.000Z",
    modmeMenu: role !== "user",
    ...overrides,
  };
}

/** GET /api/auth/verify answering with `user` for exactly `token`, and 401 for anything else. */
export function verifyRoute(token: string, user: SignedInUser): Route {
  return (request) => (request.token === token ? ok({ user }) : fail(401, "Invalid or expired token"));
}
