// The access matrix's staff-on-staff rule: every staff action against a user or their content (ban
// by rejection, rejection, unban, deactivate, delete someone else's comment, adjust reputation) may
// only target a user of a lower role, never the actor. A refusal is 403 with the rule's message, and
// nothing is written. Called through the gateway, as the browser calls it.
import { env, SELF } from "cloudflare:test";
import { BANNED_MESSAGE } from "@unbiased/worker-shared/auth/middleware";
import { STAFF_TARGET_FORBIDDEN } from "@unbiased/worker-shared/contracts/moderation";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { MODME_TEST_PASSWORD } from "./support/oidc-config.ts";
import { BASE, banUser, bearer, devSignIn } from "./support/session.ts";

type Actor = "moderator" | "admin";
type Target = "self" | "user" | "other moderator" | "other admin";
const TARGETS: Target[] = ["self", "user", "other moderator", "other admin"];

/** What the rule allows: a lower role than the actor's, never oneself. */
const ALLOWED: Record<Actor, Record<Target, boolean>> = {
  moderator: { self: false, user: true, "other moderator": false, "other admin": false },
  admin: { self: false, user: true, "other moderator": true, "other admin": false },
};

interface Person {
  id: string;
  token: string;
  adminToken: string;
}

const people = {} as Record<Actor | Exclude<Target, "self">, Person>;
const ARTICLE = "staff-rule-article";

async function signIn(role: "user" | Actor, name: string): Promise<Person> {
  const { user, token } = await devSignIn(role, name);
  const gate = await SELF.fetch(`${BASE}/api/auth/modme`, {
    method: "POST",
    headers: { "content-type": "application/json", ...bearer(token) },
    body: JSON.stringify({ password: MODME_TEST_PASSWORD }),
  });
  const adminToken = gate.ok ? ((await gate.json()) as { data: { adminToken: string } }).data.adminToken : "";
  return { id: user.id, token, adminToken };
}

const targetOf = (actor: Actor, target: Target): Person =>
  target === "self" ? people[actor] : people[target === "user" ? "user" : target];

let commentCount = 0;
/** A fresh comment by the person, in the status the action needs. */
async function commentBy(person: Person, status: "approved" | "pending"): Promise<string> {
  const id = `staff-rule-${++commentCount}`;
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO comments (id, article_id, user_id, content, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, ARTICLE, person.id, `Comment ${id}`, status, now, now)
    .run();
  return id;
}

const send = (method: string, path: string, token: string, body?: unknown) =>
  SELF.fetch(`${BASE}${path}`, {
    method,
    headers: { "content-type": "application/json", ...bearer(token) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A snapshot of everything an action could write about the target. */
async function stateOf(userId: string, commentId?: string) {
  const row = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM bans WHERE user_id = ?1) AS bans,
            (SELECT count(*) FROM bans WHERE user_id = ?1 AND lifted_at IS NOT NULL) AS lifted,
            (SELECT score FROM user_reputation WHERE user_id = ?1) AS score,
            (SELECT status FROM comments WHERE id = ?2) AS status,
            (SELECT count(*) FROM moderation_log) AS log`,
  )
    .bind(userId, commentId ?? "")
    .first();
  return row;
}

interface Action {
  name: string;
  /** Puts the target's content in the state the action needs; returns the comment acted on, if any. */
  prepare(target: Person): Promise<string | undefined>;
  call(actor: Person, target: Person, commentId: string | undefined): Promise<Response>;
  /** Acting on one's own comment is the author's right, not a staff action. */
  ownContent?: true;
  /** Undoes what prepare did that would change the next call (a ban of the actor). */
  cleanUp?(target: Person): Promise<void>;
}

const liftBans = async (person: Person) => {
  await env.DB.prepare("UPDATE bans SET lifted_at = ? WHERE user_id = ? AND lifted_at IS NULL")
    .bind(Date.now(), person.id)
    .run();
};

const ACTIONS: Action[] = [
  {
    name: "PUT /api/comments/{id}/reject with a permanent ban",
    prepare: (target) => commentBy(target, "pending"),
    call: (actor, _target, id) =>
      send("PUT", `/api/comments/${id}/reject`, actor.adminToken, { banType: "permanent", reason: "staff rule" }),
  },
  {
    name: "PUT /api/comments/{id}/reject without a ban",
    prepare: (target) => commentBy(target, "pending"),
    call: (actor, _target, id) =>
      send("PUT", `/api/comments/${id}/reject`, actor.adminToken, { banType: "none", reason: "staff rule" }),
  },
  {
    name: "PUT /comments/admin/unban/{userId}",
    prepare: async (target) => {
      await banUser(target.id, "temporary");
      return undefined;
    },
    call: (actor, target) => send("PUT", `/comments/admin/unban/${target.id}`, actor.adminToken),
    cleanUp: liftBans,
  },
  {
    name: "PUT /api/comments/admin/user/{id}/reputation",
    prepare: async () => undefined,
    call: (actor, target) =>
      send("PUT", `/api/comments/admin/user/${target.id}/reputation`, actor.adminToken, {
        adjustment: 7,
        reason: "staff rule",
      }),
  },
  {
    name: "POST /api/comments/admin/reputation/adjust",
    prepare: async () => undefined,
    call: (actor, target) =>
      send("POST", "/api/comments/admin/reputation/adjust", actor.adminToken, {
        userId: target.id,
        points: -3,
        reason: "staff rule",
      }),
  },
  {
    name: "PUT /api/comments/{id}/deactivate",
    prepare: (target) => commentBy(target, "approved"),
    call: (actor, _target, id) => send("PUT", `/api/comments/${id}/deactivate`, actor.token, { reason: "staff rule" }),
  },
];

/** Deleting someone else's comment is an admin's action (a moderator deactivates instead). */
const ADMIN_ACTIONS: Action[] = [
  {
    name: "DELETE /api/comments/{id}",
    ownContent: true,
    prepare: (target) => commentBy(target, "approved"),
    call: (actor, _target, id) => send("DELETE", `/api/comments/${id}`, actor.token),
  },
  {
    name: "DELETE /api/comments/{id}?permanent=true",
    ownContent: true,
    prepare: (target) => commentBy(target, "approved"),
    call: (actor, _target, id) => send("DELETE", `/api/comments/${id}?permanent=true`, actor.token),
  },
];

beforeAll(async () => {
  await insertArticle(env.DB, { id: ARTICLE });
  people.moderator = await signIn("moderator", "Rule Moderator");
  people.admin = await signIn("admin", "Rule Admin");
  people.user = await signIn("user", "Rule User");
  people["other moderator"] = await signIn("moderator", "Rule Other Moderator");
  people["other admin"] = await signIn("admin", "Rule Other Admin");
});

describe("staff act only on users of a lower role, never on themselves", () => {
  const table = [`| action | actor | ${TARGETS.join(" | ")} |`, `|---|---|${TARGETS.map(() => "---").join("|")}|`];
  const cases = [
    ...ACTIONS.flatMap((action) => (["moderator", "admin"] as const).map((actor) => ({ action, actor }))),
    ...ADMIN_ACTIONS.map((action) => ({ action, actor: "admin" as const })),
  ];

  it.each(cases)("$action.name as $actor", async ({ action, actor }) => {
    const seen: number[] = [];
    for (const target of TARGETS) {
      const person = targetOf(actor, target);
      const allowed = ALLOWED[actor][target] || (target === "self" && action.ownContent === true);
      const commentId = await action.prepare(person);
      const before = await stateOf(person.id, commentId);
      const response = await action.call(people[actor], person, commentId);
      seen.push(response.status);
      const body = (await response.json()) as { success: boolean; error?: string };
      const after = await stateOf(person.id, commentId);
      await action.cleanUp?.(person);
      if (allowed) {
        expect(response.status, `${actor} → ${target}: ${body.error ?? ""}`).toBe(200);
        continue;
      }
      expect(response.status, `${actor} → ${target}`).toBe(403);
      // A banned staff member (here: unbanning themselves) is refused as banned, before the rule.
      expect(body.error).toBe(target === "self" && action.cleanUp ? BANNED_MESSAGE : STAFF_TARGET_FORBIDDEN);
      // Nothing written: no ban, lift, reputation event, status change or log entry.
      expect(after).toEqual(before);
    }
    table.push(`| ${action.name} | ${actor} | ${seen.join(" | ")} |`);
  });

  it("prints the rule's matrix", () => {
    console.log(`\nStaff on staff (status per target):\n${table.join("\n")}\n`);
    expect(table.length).toBe(cases.length + 2);
  });
});

describe("a banned user", () => {
  it("may still delete their own comment, and nothing else", async () => {
    const banned = await signIn("user", "Rule Banned Author");
    const own = await commentBy(banned, "approved");
    const others = await commentBy(people.user, "approved");
    await banUser(banned.id, "permanent");
    expect((await send("DELETE", `/api/comments/${own}`, banned.token)).status).toBe(200);
    expect(
      (await env.DB.prepare("SELECT status FROM comments WHERE id = ?").bind(own).first<{ status: string }>())?.status,
    ).toBe("deleted");
    expect((await send("DELETE", `/api/comments/${others}`, banned.token)).status).toBe(403);
    expect(
      (await send("POST", `/api/comments/article/${ARTICLE}`, banned.token, { content: "Still here" })).status,
    ).toBe(403);
  });
});
