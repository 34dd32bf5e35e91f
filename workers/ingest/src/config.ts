// The pipeline's settings, read once per invocation from the bindings.

import {
  createWorkersAiSummarizer,
  offlineSummarizer,
  type Summarizer,
} from "@unbiased/worker-shared/summarizer/provider";
import { allowedOriginsFrom } from "@unbiased/worker-shared/urls/public-url";

/**
 * The bindings read here. `AI` is one a deployment may add to wrangler.toml (`[ai] binding = "AI"`
 * switches summaries to Workers AI, with the offline summarizer as fallback); absent by default, so
 * `wrangler types` does not list it. PEXELS_API_KEY is optional in the type because the gateway
 * type-checks this worker's RPC class against its own Env, which has no such secret.
 */
type ConfigBindings = Pick<Env, "NEWSWIRE_ORIGIN"> & { PEXELS_API_KEY?: string; AI?: Ai; DNS_RESOLVER_URL?: string };

/** Cloudflare's DNS-over-HTTPS resolver, unless DNS_RESOLVER_URL names another. */
export const DEFAULT_DNS_RESOLVER = "https://cloudflare-dns.com/dns-query";

export interface IngestConfig {
  /** Origins exempt from the public-host rule: the local newswire, never set in production. */
  allowedOrigins: string[];
  /** The DNS-over-HTTPS resolver host names are checked with before each fetch (safe-fetch.ts). */
  dnsResolver: string;
  summarizer: Summarizer;
  /** Empty: no stock photos, generated category images instead. */
  stockApiKey: string;
}

export function ingestConfig(env: ConfigBindings): IngestConfig {
  return {
    allowedOrigins: allowedOriginsFrom(env.NEWSWIRE_ORIGIN),
    dnsResolver: env.DNS_RESOLVER_URL?.trim() || DEFAULT_DNS_RESOLVER,
    summarizer: env.AI ? createWorkersAiSummarizer(env.AI) : offlineSummarizer,
    stockApiKey: env.PEXELS_API_KEY ?? "",
  };
}
