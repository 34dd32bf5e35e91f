// Saved articles (docs/decisions/025-saved-articles.md): a signed-in reader saves and removes articles
// through /api/auth/me/saved, lists them newest first in pages, asks which of a page of cards are
// saved; only visible articles can be saved, a hidden one drops out of the list, and the list is in
// the data export and gone with the account.
import { env, runInDurableObject } from "cloudflare:test";
import type { AccountExport } from "@unbiased/worker-shared/contracts/account";
import type { SavedBatchResponse, SavedPageResponse, SavedState } from "@unbiased/worker-shared/contracts/saved";
import { SAVED_ARTICLES_MAX, SAVED_BATCH_MAX, SAVED_MESSAGES } from "@unbiased/worker-shared/contracts/saved";
import { RATE_LIMITS } from "@unbiased/worker-shared/limits/config";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import type { SavedArticles } from "../src/durable/saved-articles.ts";
import { deleteAccount } from "./support/account.ts";
import { expectJson, hideArticle, type Person, person, send } from "./support/staff-actions.ts";

let ada: Person;
let ben: Person;
let admin: Person;
const ids: string[] = [];

const save = (who: Person, articleId: string) => send("PUT", `/api/auth/me/saved/${articleId}`, who.token);
const unsave = (who: Person, articleId: string) => send("DELETE", `/api/auth/me/saved/${articleId}`, who.token);
const list = async (who: Person, query = "") =>
  expectJson<SavedPageResponse>(send("GET", `/api/auth/me/saved${query}`, who.token));
const savedAmong = async (who: Person, articleIds: string[]) =>
  (await expectJson<SavedBatchResponse>(send("POST", "/api/auth/me/saved/batch", who.token, { articleIds }))).data
    .saved;
const objectOf = (userId: string) => env.SAVED_ARTICLES.get(env.SAVED_ARTICLES.idFromName(userId));

beforeAll(async () => {
  [ada, ben, admin] = await Promise.all([
    person("user", "Ada Saver"),
    person("user", "Ben Saver"),
    person("admin", "Ad Min"),
  ]);
  for (let i = 0; i < 5; i++)
    ids.push((await insertArticle(env.DB, { id: `saved-${i}`, title: `Saved story ${i}` })).id);
});

describe("saving an article", () => {
  it("keeps it for the reader alone, newest save first, and saving twice keeps the first time", async () => {
    const first = await expectJson<{ data: SavedState }>(save(ada, ids[0]!));
    expect(first.data).toMatchObject({ articleId: ids[0], saved: true });
    await expectJson(save(ada, ids[1]!));
    const again = await expectJson<{ data: SavedState }>(save(ada, ids[0]!));
    expect(again.data.savedAt).toBe(first.data.savedAt);

    const page = await list(ada);
    expect(page.data.map((a) => a.id)).toEqual([ids[1], ids[0]]);
    expect(page.data[1]).toMatchObject({ title: "Saved story 0", savedAt: first.data.savedAt, domain: "news.example" });
    expect(page.data[1]!.tldr).toBeTruthy();
    expect(page.pagination).toEqual({ limit: 20, hasNext: false, next: null });
    expect((await list(ben)).data).toEqual([]);
    expect((await savedAmong(ada, [ids[0]!, ids[2]!, ids[1]!, "no-such-article"])).sort()).toEqual(
      [ids[0], ids[1]].sort(),
    );
    expect(await savedAmong(ada, [ids[2]!, ids[3]!])).toEqual([]);
    expect(await savedAmong(ben, [ids[0]!])).toEqual([]);
  });

  it("is paged after the last entry shown, so a removal meanwhile skips nothing; removing is idempotent", async () => {
    for (const id of ids.slice(2)) await expectJson(save(ada, id));
    const first = await list(ada, "?limit=2");
    expect(first.data.map((a) => a.id)).toEqual([ids[4], ids[3]]);
    expect(first.pagination).toMatchObject({ hasNext: true, next: expect.any(String) });
    // The reader removes a card they are looking at before asking for more.
    const removed = await expectJson<{ data: SavedState }>(unsave(ada, ids[4]!));
    expect(removed.data).toEqual({ articleId: ids[4], saved: false, savedAt: null });
    await expectJson(unsave(ada, ids[4]!));
    const second = await list(ada, `?limit=2&before=${encodeURIComponent(first.pagination.next!)}`);
    expect(second.data.map((a) => a.id)).toEqual([ids[2], ids[1]]);
    const last = await list(ada, `?limit=2&before=${encodeURIComponent(second.pagination.next!)}`);
    expect(last.data.map((a) => a.id)).toEqual([ids[0]]);
    expect(last.pagination).toEqual({ limit: 2, hasNext: false, next: null });
    expect((await list(ada)).data.map((a) => a.id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
  });

  it("answers 404 for an article the site does not show, and leaves a hidden one out of the list", async () => {
    const missing = await expectJson<{ error: string }>(save(ben, "no-such-article"), 404);
    expect(missing.error).toBe("Article not found");
    const hidden = await insertArticle(env.DB, { id: "saved-hidden", title: "Saved then hidden" });
    await expectJson(save(ben, ids[0]!));
    await expectJson(save(ben, hidden.id));
    await hideArticle(admin, hidden.id, "Copyright claim");
    expect((await list(ben)).data.map((a) => a.id)).toEqual([ids[0]]);
    // A page whose newest entries are all hidden reads on to the articles that show.
    const page = await list(ben, "?limit=1");
    expect(page.data.map((a) => a.id)).toEqual([ids[0]]);
    expect(page.pagination.hasNext).toBe(false);
    await expectJson(save(ben, hidden.id), 404);
  });

  it("needs a signed-in reader, valid input, and is never cached", async () => {
    expect((await send("GET", "/api/auth/me/saved", null)).status).toBe(401);
    expect((await send("PUT", `/api/auth/me/saved/${ids[0]}`, null)).status).toBe(401);
    expect((await send("POST", "/api/auth/me/saved/batch", null, { articleIds: [ids[0]] })).status).toBe(401);
    const tooMany = await expectJson<{ error: string }>(
      send("POST", "/api/auth/me/saved/batch", ada.token, {
        articleIds: Array.from({ length: SAVED_BATCH_MAX + 1 }, (_, i) => `a${i}`),
      }),
      400,
    );
    expect(tooMany.error).toContain(SAVED_MESSAGES.batchTooLarge);
    await expectJson(send("POST", "/api/auth/me/saved/batch", ada.token, { articleIds: [] }), 400);
    await expectJson(save(ada, "x".repeat(65)), 400);
    const badCursor = await expectJson<{ error: string }>(
      send("GET", "/api/auth/me/saved?before=soon", ada.token),
      400,
    );
    expect(badCursor.error).toContain(SAVED_MESSAGES.badCursor);
    const res = await send("GET", "/api/auth/me/saved", ada.token);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("counts the reader's changes against their limit", async () => {
    const carl = await person("user", "Carl Clicker");
    const { limit } = RATE_LIMITS.savedChanges;
    // The window filled by the object itself: the limit's worth of changes costs no requests here.
    await runInDurableObject(objectOf(carl.id), (object: SavedArticles) => {
      for (let i = 0; i < limit; i++) object.save(`filler-${i}`);
    });
    const refused = await save(carl, ids[0]!);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Asking what is saved is no change.
    expect(await savedAmong(carl, [ids[0]!])).toEqual([]);
  });
});

describe("a full list", () => {
  it("refuses one more save with its message, and takes one again after a removal", async () => {
    const fay = await person("user", "Fay Full");
    await runInDurableObject(objectOf(fay.id), (object: SavedArticles) => {
      // Far apart in time, so the change limit's window does not count them.
      for (let i = 0; i < SAVED_ARTICLES_MAX; i++) object.save(`kept-${i}`, i * 3_600_000);
    });
    const refused = await expectJson<{ error: string }>(save(fay, ids[0]!), 409);
    expect(refused.error).toBe(SAVED_MESSAGES.full);
    await expectJson(unsave(fay, "kept-0"));
    await expectJson(save(fay, ids[0]!));
  });
});

describe("saved articles and the account", () => {
  it("are in the data export, and gone with the account", async () => {
    const dora = await person("user", "Dora Deleter");
    await expectJson(save(dora, ids[1]!));
    await expectJson(save(dora, ids[2]!));
    const exported = await expectJson<AccountExport>(send("GET", "/api/auth/me/export", dora.token));
    expect(exported.savedArticles.map((row) => row.articleId)).toEqual([ids[1], ids[2]]);
    expect(String(exported.savedArticles[0]!.savedAt)).toMatch(/^\d{4}-\d\d-\d\dT/);

    const deleted = await deleteAccount(dora.token, { confirm: "DELETE", comments: "delete" });
    expect(deleted.status).toBe(200);
    const left = await runInDurableObject(objectOf(dora.id), (object: SavedArticles) => ({
      all: object.all(),
      late: object.save(ids[3]!),
    }));
    expect(left.all).toEqual([]);
    expect(left.late).toEqual({ refused: "erased" });
  });
});
