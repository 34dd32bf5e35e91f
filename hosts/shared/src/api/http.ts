// One HTTP exchange with a back-end service: the bearer header, the spec's 10 s timeout and the
// shared envelope. It knows nothing about which token to send or what to do on a 401; client.ts
// and refresh.ts decide that.
import type { ApiError } from "@unbiased/worker-shared/contracts/envelope";

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

export const isUnauthorized = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && error.status === 401;

export interface ApiRequestOptions {
  service?: Service;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

export interface SendOptions extends ApiRequestOptions {
  /** The bearer token to send, if any. */
  token?: string | null;
  /** "include" sends the refresh cookie even when the API lives on another origin. */
  credentials?: RequestCredentials;
}

/** Sends one request and returns the whole success envelope (some carry siblings of `data`). */
export async function send<T extends { success: true }>(path: string, options: SendOptions = {}): Promise<T> {
  const { service = "api", method = "GET", body, signal, token, credentials } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(serviceUrl(path, service), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      ...(credentials ? { credentials } : {}),
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiRequestError("The request timed out. Please try again.", 0);
    if (signal?.aborted) throw error; // the caller cancelled: not a failure to report
    throw new ApiRequestError("Network error: the server could not be reached.", 0);
  }

  const payload = await readJson(response);
  if (response.ok && isSuccess<T>(payload)) return payload;
  const message = isFailure(payload) ? payload.error : `Request failed (HTTP ${response.status})`;
  throw new ApiRequestError(message, response.status);
}

/**
 * A success envelope, taken as the one the caller names: the API's contracts
 * (workers/shared/src/contracts) type both ends; this checks what JSON alone can show.
 */
function isSuccess<T extends { success: true }>(payload: unknown): payload is T {
  return typeof payload === "object" && payload !== null && (payload as { success?: unknown }).success === true;
}

/** An error envelope with a message a person can read. */
function isFailure(payload: unknown): payload is ApiError {
  const body = payload as Partial<ApiError> | null;
  return typeof body === "object" && body !== null && body.success === false && typeof body.error === "string";
}

/** The parsed body, or null when it is not JSON (an HTML error page from a proxy, say). */
async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}
