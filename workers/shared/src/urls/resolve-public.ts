// Host names are resolved before they are fetched, and refused when any address they resolve to is
// private or reserved: a public-looking name may point at 127.0.0.1, 10.x or a metadata address.
// Resolution uses DNS over HTTPS (RFC 8484's JSON form, as Cloudflare's and Google's resolvers answer
// it) at a configurable resolver; tests point it at a local stand-in.
//
// This is defence in depth, not a pin: Workers' fetch() resolves the name again on its own and gives
// no way to connect to the address checked here, so a name whose answers change between the two
// lookups (DNS rebinding) can still slip through. Cloudflare's own egress refuses private ranges; the
// literal check (public-url.ts) and this one keep the product from asking for them in the first place.
import * as z from "zod";
import { isPublicAddress, URL_REFUSALS } from "./public-url.ts";

/** The answer shape of a DNS-over-HTTPS JSON query (only what is read). */
const DohResponse = z.object({
  Status: z.number(),
  Answer: z.array(z.object({ type: z.number(), data: z.string() })).optional(),
});

const RECORD_TYPES = { A: 1, AAAA: 28 } as const;
/** DNS RCODE 3: the name does not exist. */
const NXDOMAIN = 3;
const TIMEOUT_MS = 5_000;

export type HostCheck = { ok: true; addresses: string[] } | { ok: false; reason: string };

/** The resolver could not be asked (network, status, malformed answer): worth a retry, unlike a refusal. */
export class ResolverUnavailableError extends Error {
  override name = "ResolverUnavailableError";
}

async function query(resolver: string, host: string, type: keyof typeof RECORD_TYPES, fetcher: typeof fetch) {
  const url = `${resolver}?${new URLSearchParams({ name: host, type })}`;
  let response: Response;
  try {
    response = await fetcher(url, {
      headers: { Accept: "application/dns-json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new ResolverUnavailableError(`DNS resolver unreachable for ${host}: ${String(err)}`);
  }
  if (!response.ok) throw new ResolverUnavailableError(`DNS resolver answered ${response.status} for ${host}`);
  const parsed = DohResponse.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ResolverUnavailableError(`DNS resolver sent a malformed answer for ${host}`);
  return {
    status: parsed.data.Status,
    // CNAME records (type 5) lead the answer; only the addresses they end in count.
    addresses: (parsed.data.Answer ?? []).filter((a) => a.type === RECORD_TYPES[type]).map((a) => a.data),
  };
}

/** Resolves `host` (a name, not an address literal) and checks every address it has. */
export async function checkResolvedHost(
  host: string,
  resolver: string,
  fetcher: typeof fetch = fetch,
): Promise<HostCheck> {
  const [v4, v6] = await Promise.all([query(resolver, host, "A", fetcher), query(resolver, host, "AAAA", fetcher)]);
  const addresses = [...v4.addresses, ...v6.addresses];
  if (addresses.length === 0) {
    return { ok: false, reason: v4.status === NXDOMAIN ? URL_REFUSALS.unknownHost : URL_REFUSALS.noAddress };
  }
  if (!addresses.every((address) => isPublicAddress(address)))
    return { ok: false, reason: URL_REFUSALS.privateAddress };
  return { ok: true, addresses };
}
