// Every outbound fetch of the pipeline (feeds, article pages, the images the gateway proxies) goes through here: the SSRF guard on
// the first URL and on every redirect hop (followed by hand, at most MAX_REDIRECTS) — the URL itself,
// then, for a host name, every address it resolves to (urls/resolve-public.ts) — one deadline for
// the whole exchange, and a cap on the body counted while it streams in, so a huge or endless
// response costs at most MAX_BYTES.
import { PermanentJobError } from "@unbiased/worker-shared/queue/jobs";
import { checkPublicUrl, nameToResolve } from "@unbiased/worker-shared/urls/public-url";
import { checkResolvedHost } from "@unbiased/worker-shared/urls/resolve-public";

export const MAX_REDIRECTS = 5;
export const MAX_BYTES = 2 * 1024 * 1024;
export const TIMEOUT_MS = 10_000;
export const USER_AGENT = "Unbiased247Bot/1.0 (news summaries; +https://unbiased247.example/about)";

export interface SafeFetchOptions {
  accept: string;
  /** Origins exempt from the public-host rule (the local newswire). */
  allowedOrigins?: readonly string[];
  /** DNS-over-HTTPS resolver that host names are resolved with and checked before each hop; none: not resolved. */
  dnsResolver?: string;
  /** Extra request headers (conditional GET). */
  headers?: Record<string, string>;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface FetchedBody {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: Headers;
  /** Empty for 304 Not Modified. */
  text: string;
}

/**
 * A URL the guard refuses, or a response that can never succeed on retry with the same URL: a job
 * that meets one fails at once (PermanentJobError), without retries.
 */
export class FetchRefusedError extends PermanentJobError {
  override name = "FetchRefusedError";
}

/**
 * An HTTP error answer. A 4xx (other than 408 Request Timeout and 429 Too Many Requests) says the
 * request itself is wrong, so retrying cannot help; a 5xx may pass.
 */
export class HttpStatusError extends Error {
  override name = "HttpStatusError";
  readonly permanent: boolean;
  constructor(
    readonly status: number,
    url: string,
  ) {
    super(`HTTP ${status} from ${url}`);
    this.permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
  }
}

export async function safeFetch(url: string, options: SafeFetchOptions): Promise<FetchedBody> {
  const { url: answered, response } = await openSafely(url, options);
  const bytes = await readCapped(response, options.maxBytes ?? MAX_BYTES);
  const text = new TextDecoder(charsetOf(response.headers.get("Content-Type"))).decode(bytes);
  return { url: answered, status: response.status, headers: response.headers, text };
}

/** Like safeFetch, for a binary body (an image): the bytes as they came. */
export async function safeFetchBytes(
  url: string,
  options: SafeFetchOptions,
): Promise<Omit<FetchedBody, "text"> & { bytes: Uint8Array }> {
  const { url: answered, response } = await openSafely(url, options);
  const bytes = await readCapped(response, options.maxBytes ?? MAX_BYTES);
  return { url: answered, status: response.status, headers: response.headers, bytes };
}

/** The guarded exchange up to the final answer (200-299 or 304), its body not yet read. */
async function openSafely(url: string, options: SafeFetchOptions): Promise<{ url: string; response: Response }> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS);
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const check = checkPublicUrl(current, { allowedOrigins: options.allowedOrigins });
    if (!check.ok) throw new FetchRefusedError(`${check.reason}: ${current}`);
    const name = options.dnsResolver ? nameToResolve(check.url, { allowedOrigins: options.allowedOrigins }) : null;
    if (name && options.dnsResolver) {
      const resolved = await checkResolvedHost(name, options.dnsResolver);
      if (!resolved.ok) throw new FetchRefusedError(`${resolved.reason}: ${current}`);
    }
    const response = await fetch(check.url.href, {
      redirect: "manual",
      signal,
      headers: { Accept: options.accept, "User-Agent": USER_AGENT, ...options.headers },
    });
    const location = response.headers.get("Location");
    if (response.status >= 300 && response.status < 400 && response.status !== 304 && location) {
      await response.body?.cancel();
      current = new URL(location, check.url).href;
      continue;
    }
    if (!response.ok && response.status !== 304) {
      await response.body?.cancel();
      throw new HttpStatusError(response.status, check.url.href);
    }
    return { url: check.url.href, response };
  }
  throw new FetchRefusedError(`More than ${MAX_REDIRECTS} redirects from ${url}`);
}

/** The body's bytes, refused once more than maxBytes have arrived (whatever Content-Length says). */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new FetchRefusedError(`Response is larger than ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      throw new FetchRefusedError(`Response is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The declared charset when the runtime knows it, else UTF-8. */
function charsetOf(contentType: string | null): string {
  const declared = contentType?.match(/charset="?([\w-]+)"?/i)?.[1]?.toLowerCase();
  if (!declared) return "utf-8";
  try {
    new TextDecoder(declared);
    return declared;
  } catch {
    return "utf-8";
  }
}
