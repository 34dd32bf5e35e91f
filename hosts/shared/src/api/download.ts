// A file the API serves to the signed-in reader (their data export): the bearer token as apiFetch sends
// it, refreshed once on a 401, but the answer is read as a file, not as the JSON envelope. A refusal
// still comes in the envelope, and its message is thrown as ApiRequestError like any other call's.
import type { ApiResult } from "@unbiased/worker-shared/contracts/envelope";
import { readToken } from "../auth/tokenStorage.ts";
import { ApiRequestError, type Service, serviceUrl } from "./http.ts";
import { refreshAccessToken } from "./refresh.ts";

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition's filename, when the server named the file. */
  filename: string | null;
}

export async function apiDownload(path: string, service: Service = "api"): Promise<DownloadedFile> {
  const token = readToken();
  let response = await get(path, service, token);
  if (response.status === 401 && token) {
    const fresh = await refreshAccessToken();
    if (fresh) response = await get(path, service, fresh);
  }
  if (!response.ok) throw new ApiRequestError(await refusal(response), response.status);
  return { blob: await response.blob(), filename: filenameOf(response.headers.get("Content-Disposition")) };
}

async function get(path: string, service: Service, token: string | null): Promise<Response> {
  try {
    return await fetch(serviceUrl(path, service), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiRequestError("Network error: the server could not be reached.", 0);
  }
}

async function refusal(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as ApiResult<unknown>;
    if (body.success === false) return body.error;
  } catch {
    // not the envelope: fall through to the status
  }
  return `Request failed (HTTP ${response.status})`;
}

/** `attachment; filename="name.json"` → name.json */
export function filenameOf(disposition: string | null): string | null {
  return disposition?.match(/filename="([^"]+)"/)?.[1] ?? null;
}
