// A small in-isolate tier in front of the Cache API for anonymous public reads. The hottest keys
// (feed page 1, the events strip) are asked for many times a second; answering them from memory
// skips the Cache API round trip. Keys carry the content version and time bucket, exactly like the
// Cache API keys, so this tier can never serve what the Cache API would not.

interface StoredResponse {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
}

export interface MemoryCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

export class MemoryResponseCache {
  // Map keeps insertion order; re-inserting on each hit makes the first key the least recently used.
  readonly #entries = new Map<string, StoredResponse>();
  #bytes = 0;

  constructor(private readonly limits: MemoryCacheLimits) {}

  get size(): number {
    return this.#entries.size;
  }

  match(key: string): Response | null {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return new Response(entry.body, { status: entry.status, headers: entry.headers });
  }

  async put(key: string, response: Response): Promise<void> {
    const body = await response.arrayBuffer();
    if (body.byteLength > this.limits.maxBytes) return;
    this.#delete(key);
    this.#entries.set(key, { body, status: response.status, headers: [...response.headers] });
    this.#bytes += body.byteLength;
    for (const [oldest] of this.#entries) {
      if (this.#entries.size <= this.limits.maxEntries && this.#bytes <= this.limits.maxBytes) break;
      this.#delete(oldest);
    }
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= entry.body.byteLength;
    this.#entries.delete(key);
  }
}
