// The outlet mounts the remote that owns the path, follows the page's history, shows a failure with
// a working Retry, and hydrates server markup only when it was rendered with this page's shared code.
// The remotes' loader is a stand-in: these tests are about the shell, not the network.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderedWith } from "@unbiased/web-shared";
import { fanOut } from "@unbiased/web-shared/history.ts";
import { UNSAFE_createBrowserHistory as createBrowserHistory } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RemoteModule } from "./loadRemote.ts";
import { ownerOf, startOutlet } from "./outlet.tsx";

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  document.body.innerHTML = "";
});

/** A remote that renders its name as plain DOM and records how it was mounted. */
function fakeRemote(name: string, mounts: { name: string; hydrate: boolean }[]): RemoteModule {
  return {
    mount(element, { hydrate }) {
      mounts.push({ name, hydrate });
      if (!hydrate) element.innerHTML = `<p>${name} loaded</p>`;
      return () => {
        element.innerHTML = "";
      };
    },
  };
}

function setUp(path: string, serverMarkup?: { remote: string; versions: unknown }) {
  window.history.replaceState(null, "", path);
  const element = document.createElement("div");
  const status = document.createElement("div");
  if (serverMarkup) {
    element.setAttribute("data-owner", serverMarkup.remote);
    element.setAttribute("data-rendered", "hydrate");
    element.setAttribute("data-rendered-with", JSON.stringify(serverMarkup.versions));
    element.innerHTML = "<p>server markup</p>";
  }
  document.body.append(status, element);
  const history = fanOut(createBrowserHistory({ v5Compat: true }));
  return { element, status, history };
}

describe("ownerOf", () => {
  it("gives /modme to ModMe, the spec's public routes to the reader, the rest to not-found", () => {
    expect(ownerOf("/modme/comments")).toBe("modme");
    expect(ownerOf("/")).toBe("reader");
    expect(ownerOf("/article/some-slug/abc")).toBe("reader");
    expect(ownerOf("/no-such-page")).toBe("not-found");
  });
});

describe("startOutlet", () => {
  it("shows an error panel when the remote fails, and Retry loads it again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const mounts: { name: string; hydrate: boolean }[] = [];
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce(fakeRemote("reader", mounts));
    const { element, status, history } = setUp("/");
    await act(async () => stops.push(startOutlet({ element, status, history, load })));
    expect(await screen.findByText("This section could not be loaded.")).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Retry" })));
    await waitFor(() => expect(element.textContent).toBe("reader loaded"));
    expect(load).toHaveBeenNthCalledWith(1, "reader", 0);
    expect(load).toHaveBeenNthCalledWith(2, "reader", 1);
    expect(status.textContent).toBe("");
  });

  it("shows no spinner over ModMe's frame while ModMe loads, and the error panel in its place if it fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { element, status, history } = setUp("/modme/comments");
    element.setAttribute("data-owner", "modme");
    element.innerHTML = '<p role="status">Loading authentication...</p>';
    let fail: (error: Error) => void = () => {};
    const load = vi.fn(() => new Promise<RemoteModule>((_resolve, reject) => (fail = reject)));
    await act(async () => stops.push(startOutlet({ element, status, history, load })));
    expect(status.textContent).toBe("");
    expect(element.textContent).toBe("Loading authentication...");
    await act(async () => fail(new Error("Failed to fetch dynamically imported module")));
    expect(await screen.findByText("This section could not be loaded.")).toBeTruthy();
    expect(element.textContent).toBe("");
  });

  it("hydrates server markup rendered with this page's shared code", async () => {
    const mounts: { name: string; hydrate: boolean }[] = [];
    const { element, status, history } = setUp("/", { remote: "reader", versions: renderedWith() });
    await act(async () =>
      stops.push(startOutlet({ element, status, history, load: async () => fakeRemote("reader", mounts) })),
    );
    await waitFor(() => expect(mounts).toEqual([{ name: "reader", hydrate: true }]));
    expect(element.textContent).toBe("server markup");
    expect(element.getAttribute("data-mounted")).toBe("hydrated");
  });

  it("renders anew over markup rendered with other copies of the shared code", async () => {
    const mounts: { name: string; hydrate: boolean }[] = [];
    const stale = { ...renderedWith(), webShared: "an-older-one" };
    const { element, status, history } = setUp("/", { remote: "reader", versions: stale });
    await act(async () =>
      stops.push(startOutlet({ element, status, history, load: async () => fakeRemote("reader", mounts) })),
    );
    await waitFor(() => expect(mounts).toEqual([{ name: "reader", hydrate: false }]));
    expect(element.textContent).toBe("reader loaded");
    expect(element.getAttribute("data-mounted")).toBe("rendered");
  });

  it("swaps remotes when the owner of the path changes, and shows the shell's not-found page", async () => {
    const mounts: { name: string; hydrate: boolean }[] = [];
    const { element, status, history } = setUp("/");
    const load = vi.fn(async (name: string) => fakeRemote(name, mounts));
    await act(async () => stops.push(startOutlet({ element, status, history, load })));
    await waitFor(() => expect(element.textContent).toBe("reader loaded"));
    await act(async () => history.push("/search?q=x"));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => history.push("/modme/comments"));
    await waitFor(() => expect(element.textContent).toBe("modme loaded"));
    await act(async () => history.push("/nowhere"));
    expect(await screen.findByRole("heading", { name: /not found/i })).toBeTruthy();
    expect(mounts.map((m) => m.name)).toEqual(["reader", "modme"]);
  });
});
