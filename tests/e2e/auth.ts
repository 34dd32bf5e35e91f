// Signing in from end-to-end tests, the two ways a person or a script does it locally: the
// development sign-in buttons on /login (which end on the sign-in callback page and its code
// exchange, the same path as Google's sign-in), or POST /api/auth/dev and the token in localStorage.
import type { Page } from "playwright-core";
import type { TestPage } from "./page.ts";

export type Role = "user" | "moderator" | "admin";

/** The dev sign-in's default account name for a role ("Sample Moderator"). */
export const sampleName = (role: Role) => `Sample ${role[0]!.toUpperCase()}${role.slice(1)}`;

/**
 * Through the UI: /login, the role's button, the callback page (which exchanges its single-use code),
 * its 'Successfully logged in!' toast, the redirect home and the account's name in the header.
 * Returns the callback address the browser went through.
 */
export async function signInOnLoginPage({ page, url }: TestPage, role: Role): Promise<string> {
  await page.goto(url("/login"));
  const callback = page.waitForURL((address) => address.pathname === "/auth/google/callback");
  await page.getByRole("button", { name: `Sign in as ${role}` }).click();
  await callback;
  const callbackUrl = page.url();
  await page.getByText("Successfully logged in!").waitFor();
  await page.waitForURL(url("/"));
  await page.getByRole("button", { name: sampleName(role) }).waitFor();
  return callbackUrl;
}

/** Through the API, for tests about something else: stores the token the way the app does. */
export async function signInViaApi({ page, url }: TestPage, role: Role): Promise<void> {
  const response = await page.request.post(url("/api/auth/dev"), { data: { role } });
  const { data } = (await response.json()) as { data: { token: string } };
  await page.goto(url("/"));
  await page.evaluate((token) => localStorage.setItem("token", token), data.token);
}

/** Opens the header's user menu (its button carries the account name). */
export async function openUserMenu(page: Page, role: Role) {
  await page.getByRole("button", { name: sampleName(role) }).click();
  return page.getByRole("menu", { name: "Account" });
}
