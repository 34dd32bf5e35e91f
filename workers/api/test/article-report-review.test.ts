// ModMe's article reports tab (beyond the spec): the pending list and dismiss, ModMe APIs only.
import { env, SELF } from "cloudflare:test";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import { MODME_TEST_PASSWORD } from "./support/oidc-config.ts";
import { BASE, bearer, devSignIn } from "./support/session.ts";

async function adminToken(name: string) {
  const { token, user } = await devSignIn("moderator", name);
  const res = await SELF.fetch(`${BASE}/api/auth/modme`, {
    method: "POST",
    body: JSON.stringify({ password: MODME_TEST_PASSWORD }),
    headers: { "content-type": "application/json", ...bearer(token) },
  });
  const { data } = (await res.json()) as { data: { adminToken: string } };
  return { access: token, admin: data.adminToken, userId: user.id };
}

const report = async (articleId: string, reporter: string, reason: string) => {
  const { token } = await devSignIn("user", reporter);
  const res = await SELF.fetch(`${BASE}/api/articles/${articleId}/report`, {
    method: "POST",
    body: JSON.stringify({ reason }),
    headers: { "content-type": "application/json", ...bearer(token) },
  });
  expect(res.status).toBe(201);
};

const json = async (path: string, token: string, method = "GET") => {
  const res = await SELF.fetch(`${BASE}${path}`, { method, headers: bearer(token) });
  // biome-ignore lint/suspicious/noExplicitAny: checked field by field
  return { status: res.status, body: (await res.json()) as any };
};

describe("ModMe article reports", () => {
  it("lists pending article reports with the article's title, and dismisses one with a log entry", async () => {
    await insertArticle(env.DB, { id: "reported-article", title: "A Reported Story" });
    await report("reported-article", "Reporter One", "False information");
    await report("reported-article", "Reporter Two", "Spam or misleading content");
    const mod = await adminToken("Report Reviewer");

    const list = await json("/api/articles/admin/reports", mod.admin);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.pagination).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1 });
    const first = list.body.data.reports.find((r: { reporter_name: string }) => r.reporter_name === "Reporter One");
    expect(first).toMatchObject({
      reason: "False information",
      article_id: "reported-article",
      article_title: "A Reported Story",
    });

    const dismissed = await json(`/api/articles/admin/reports/${first.id}/dismiss`, mod.admin, "PUT");
    expect(dismissed).toEqual({
      status: 200,
      body: { success: true, data: { id: first.id, dismissed: true }, message: "Report dismissed successfully" },
    });
    expect((await json("/api/articles/admin/reports", mod.admin)).body.data.total).toBe(1);
    expect(
      await env.DB.prepare("SELECT actor_id, action FROM moderation_log WHERE target_id = ?").bind(first.id).first(),
    ).toEqual({ actor_id: mod.userId, action: "article_report.dismiss" });
    expect((await json(`/api/articles/admin/reports/${first.id}/dismiss`, mod.admin, "PUT")).status).toBe(404);
  });

  it("refuses a moderator's plain access token with 403 'Admin access required'", async () => {
    const mod = await adminToken("Plain Token Moderator");
    expect(await json("/api/articles/admin/reports", mod.access)).toEqual({
      status: 403,
      body: { success: false, error: "Admin access required" },
    });
  });
});
