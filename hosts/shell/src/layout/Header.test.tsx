import { fireEvent, render, screen, within } from "@testing-library/react";
import { AuthProvider, ThemeProvider, useAuth } from "@unbiased/web-shared";
import { fail, ok, sampleUser, stubApi } from "@unbiased/web-shared/test/fakeApi.ts";
import type { Role } from "@unbiased/worker-shared/contracts/auth";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { LocationDisplay } from "../test/LocationDisplay.tsx";
import { Header } from "./Header.tsx";

/** Signs in the way the login page does once the server has issued a token ("token-{role}"). */
function SignInAs({ asRole: role }: { asRole: Role }) {
  const { login } = useAuth();
  return (
    <button type="button" onClick={() => void login(`token-${role}`)}>
      sign in as {role}
    </button>
  );
}

/** Each role's token verifies as that role's sample user (staff get the ModMe menu). */
beforeEach(() => {
  stubApi({
    "GET /api/auth/verify": ({ token }) => {
      const role = token?.replace("token-", "") as Role;
      return ["user", "moderator", "admin"].includes(role)
        ? ok({ user: sampleUser(role) })
        : fail(401, "Invalid token");
    },
    "POST /api/auth/logout": ok({ loggedOut: true }),
  });
});

const signInAs = async (role: Role) => {
  fireEvent.click(screen.getByText(`sign in as ${role}`));
  await screen.findByRole("button", { name: new RegExp(`Sam ${role}`) });
};

function renderHeader(path = "/category/tech") {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ThemeProvider>
        <AuthProvider>
          <Header />
          <SignInAs asRole="user" />
          <SignInAs asRole="moderator" />
          <SignInAs asRole="admin" />
          <LocationDisplay />
        </AuthProvider>
      </ThemeProvider>
    </MemoryRouter>,
  );
}

const openUserMenu = (name: string) => {
  fireEvent.click(screen.getByRole("button", { name: new RegExp(name) }));
  return screen.getByRole("menu", { name: "Account" });
};

describe("Header", () => {
  it("shows a Login link and no user menu when anonymous", () => {
    renderHeader();
    expect(screen.getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/login");
    expect(screen.queryByRole("button", { name: /Sam/ })).toBeNull();
  });

  it("replaces Login with the user menu once signed in; a plain user gets no ModMe entry", async () => {
    renderHeader();
    await signInAs("user");
    expect(screen.queryByRole("link", { name: "Login" })).toBeNull();
    const menu = openUserMenu("Sam user");
    expect(within(menu).getByRole("menuitem", { name: "Profile" }).getAttribute("href")).toBe("/profile");
    expect(within(menu).queryByRole("menuitem", { name: "ModMe" })).toBeNull();
  });

  it.each(["moderator", "admin"] as const)("offers ModMe, leading to the password gate, to the %s", async (role) => {
    renderHeader();
    await signInAs(role);
    const menu = openUserMenu(`Sam ${role}`);
    expect(within(menu).getByRole("menuitem", { name: "ModMe" }).getAttribute("href")).toBe("/modme/login");
  });

  it("follows the server's modmeMenu flag, not the role, for the ModMe entry", async () => {
    stubApi({ "GET /api/auth/verify": ok({ user: sampleUser("moderator", { modmeMenu: false }) }) });
    renderHeader();
    await signInAs("moderator");
    expect(within(openUserMenu("Sam moderator")).queryByRole("menuitem", { name: "ModMe" })).toBeNull();
  });

  it("ticks System Default while the theme follows the system", async () => {
    renderHeader();
    await signInAs("user");
    const menu = openUserMenu("Sam user");
    expect(within(menu).getByRole("menuitemcheckbox", { name: "System Default" }).getAttribute("aria-checked")).toBe(
      "true",
    );
  });

  it("Logout signs out, clears the token and goes home", async () => {
    renderHeader();
    await signInAs("user");
    expect(localStorage.getItem("token")).toBe("token-user");
    fireEvent.click(within(openUserMenu("Sam user")).getByRole("menuitem", { name: "Logout" }));
    expect(localStorage.getItem("token")).toBeNull();
    expect(screen.getByTestId("location").textContent).toBe("/");
    expect(screen.getByRole("link", { name: "Login" })).toBeTruthy();
  });

  it("marks the current category in the nav", () => {
    renderHeader("/news/category/tech");
    const nav = screen.getByRole("navigation", { name: "Categories" });
    expect(within(nav).getByRole("link", { name: "Tech" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Latest" }).getAttribute("aria-current")).toBeNull();
  });
});
