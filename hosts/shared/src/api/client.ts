// One fetch wrapper for the three back-end services. It adds the bearer token, enforces the
// spec's 10 s timeout and unwraps the shared envelope, so callers only see data or an Error.
import type { ApiResult } from "@unbiased/worker-shared/contracts/envelope";
import { readToken } from "../auth/tokenStorage.ts";

export type Service = "api" | "votes" | "comments";

const SERVICE_BASES: Record<Service, string> = {
  api: import.meta.env.VITE_API_BASE ?? "",
  votes: import.meta.env.VITE_VOTES_BASE ?? "",
  comments: import.meta.env.VITE_COMMENTS_BASE ?? "",
};

const REQUEST_TIMEOUT_MS = 10_000;

/** The full URL of a service path, for links the browser follows itself (e.g. OAuth redirects). */
export function serviceUrl(path: string, service: Service = "api"): string {
  return SERVICE_BASES[service] + path;
}

/** A failed call: `message` is the server's `error` text when it sent one; status 0 = no response. */
export class ApiRequestError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
  }
}

export interface ApiRequestOptions {
  service?: Service;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls `path` on a service and returns the whole success envelope (some responses carry
 * siblings of `data`, such as `pagination`), typed by the caller.
 */
export async function apiFetch<T extends { success: true }>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { service = "api", method = "GET", body, signal } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(serviceUrl(path, service), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiRequestError("The request timed out. Please try again.", 0);
    if (signal?.aborted) throw error; // the caller cancelled: not a failure to report
    throw new ApiRequestError("Network error: the server could not be reached.", 0);
  }

  const payload = await readJson(response);
  if (!payload) throw new ApiRequestError(`Request failed (HTTP ${response.status})`, response.status);
  if (!response.ok || payload.success !== true) {
    const message = payload.success === false ? payload.error : `Request failed (HTTP ${response.status})`;
    throw new ApiRequestError(message, response.status);
  }
  return payload as unknown as T;
}

/** The envelope, or null when the body is not JSON (an HTML error page from a proxy, say). */
async function readJson(response: Response): Promise<ApiResult<unknown> | null> {
  try {
    return (await response.json()) as ApiResult<unknown>;
  } catch {
    return null;
  }
}
