// A returning user's sign-in writes their row and nothing of the users' indexes unless an indexed
// value changed (ADR 022 step 27): SQLite rewrites an index entry for every column an UPDATE sets,
// changed or not, and each is a D1 row written.
import { env } from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import { describe, expect, it } from "vitest";
import { upsertGoogleUser, upsertUserByEmail } from "../src/storage/users.ts";

/** D1 that records the rows each UPDATE of users wrote (D1's own meta). */
function recordingD1() {
  const written: number[] = [];
  const record = (sql: string, meta: D1Meta | undefined) => {
    if (/^update "users"/i.test(sql)) written.push(meta?.rows_written ?? Number.NaN);
  };
  const db = new Proxy(env.DB, {
    get(target, key) {
      if (key !== "prepare") {
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      }
      return (sql: string) => {
        const wrap = (statement: D1PreparedStatement): D1PreparedStatement =>
          new Proxy(statement, {
            get(inner, name) {
              if (name === "bind") return (...params: unknown[]) => wrap(inner.bind(...params));
              if (name === "all")
                return async () => {
                  const result = await inner.all();
                  record(sql, result.meta);
                  return result;
                };
              if (name === "run")
                return async () => {
                  const result = await inner.run();
                  record(sql, result.meta);
                  return result;
                };
              const value = Reflect.get(inner, name);
              return typeof value === "function" ? value.bind(inner) : value;
            },
          });
        return wrap(target.prepare(sql));
      };
    },
  });
  return { db: createDb(db), written };
}

describe("a returning user's sign-in", () => {
  it("through Google writes one row when nothing indexed changed, more when the e-mail did", async () => {
    const identity = {
      sub: `sub-${crypto.randomUUID()}`,
      email: `ada-${crypto.randomUUID()}@example.com`,
      name: "Ada",
      picture: null,
    };
    await upsertGoogleUser(createDb(env.DB), identity, []);
    const again = recordingD1();
    const user = await upsertGoogleUser(again.db, { ...identity, name: "Ada L." }, []);
    expect(user).toMatchObject({ googleSub: identity.sub, email: identity.email, name: "Ada L." });
    const moved = recordingD1();
    const newEmail = `ada-${crypto.randomUUID()}@example.org`;
    expect(await upsertGoogleUser(moved.db, { ...identity, email: newEmail }, [])).toMatchObject({ email: newEmail });
    expect(again.written).toEqual([1]);
    expect(moved.written[0]).toBeGreaterThan(1);
  });

  it("through the development sign-in writes one row when the role is the same, more when it changes", async () => {
    const email = `dev-${crypto.randomUUID()}@example.com`;
    await upsertUserByEmail(createDb(env.DB), { email, name: "Dev", role: "user" });
    const same = recordingD1();
    await upsertUserByEmail(same.db, { email, name: "Dev", role: "user" });
    const promoted = recordingD1();
    expect(await upsertUserByEmail(promoted.db, { email, name: "Dev", role: "moderator" })).toMatchObject({
      role: "moderator",
    });
    expect(same.written).toEqual([1]);
    expect(promoted.written[0]).toBeGreaterThanOrEqual(1);
  });
});
