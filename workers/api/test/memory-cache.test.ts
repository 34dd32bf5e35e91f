import { describe, expect, it } from "vitest";
import { MemoryResponseCache } from "../src/http/memory-cache.ts";

const json = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status: 200, headers: { "Content-Type": "application/json", ...headers } });

describe("MemoryResponseCache", () => {
  it("returns a fresh copy of the stored response each time, with its status and headers", async () => {
    const cache = new MemoryResponseCache({ maxEntries: 4, maxBytes: 1024 });
    await cache.put("k", json('{"a":1}', { ETag: 'W/"v1.2"' }));
    const first = cache.match("k")!;
    const second = cache.match("k")!;
    expect(await first.text()).toBe('{"a":1}');
    expect(await second.text()).toBe('{"a":1}');
    expect(second.headers.get("ETag")).toBe('W/"v1.2"');
    expect(second.status).toBe(200);
    expect(cache.match("other")).toBeNull();
  });

  it("evicts the least recently used entry beyond maxEntries", async () => {
    const cache = new MemoryResponseCache({ maxEntries: 2, maxBytes: 1024 });
    await cache.put("a", json("A"));
    await cache.put("b", json("B"));
    cache.match("a"); // a is now the most recently used
    await cache.put("c", json("C"));
    expect(cache.match("b")).toBeNull();
    expect(await cache.match("a")!.text()).toBe("A");
    expect(await cache.match("c")!.text()).toBe("C");
    expect(cache.size).toBe(2);
  });

  it("keeps the total body size under maxBytes and skips a body larger than the whole budget", async () => {
    const cache = new MemoryResponseCache({ maxEntries: 10, maxBytes: 10 });
    await cache.put("a", json("12345"));
    await cache.put("b", json("12345"));
    await cache.put("c", json("123"));
    expect(cache.match("a")).toBeNull();
    expect(cache.size).toBe(2);
    await cache.put("huge", json("12345678901"));
    expect(cache.match("huge")).toBeNull();
    expect(cache.size).toBe(2);
  });

  it("replaces an entry stored again under the same key", async () => {
    const cache = new MemoryResponseCache({ maxEntries: 2, maxBytes: 1024 });
    await cache.put("a", json("old"));
    await cache.put("a", json("new"));
    expect(await cache.match("a")!.text()).toBe("new");
    expect(cache.size).toBe(1);
  });
});
