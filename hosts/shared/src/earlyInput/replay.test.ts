// The capture script (hosts/shell/public/early-input.js) and the replay (replay.ts) together: taps
// held before a root hydrates are carried out once, after the session is known, by clicking the
// control again or by the action's own handler.
import { EARLY_INPUT } from "@unbiased/worker-shared/contracts/page";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CAPTURE_SCRIPT from "../../../shell/public/early-input.js?raw";
import { APP_READY_ATTRIBUTE, handleEarlyTaps, rootAbandoned, rootReady, setSessionGate } from "./replay.ts";

/** The capture script adds its listeners to `document` once; each test then starts with an empty queue. */
let installed = false;
function installCapture() {
  if (!installed) new Function(CAPTURE_SCRIPT)();
  installed = true;
  queue().splice(0);
}
const queue = () => (window as unknown as { __earlyInput: { queue: unknown[] } }).__earlyInput.queue;

function page(html: string) {
  document.body.innerHTML = html;
  document.documentElement.removeAttribute(APP_READY_ATTRIBUTE);
}

const click = (element: Element, init: MouseEventInit = {}) => {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
  element.dispatchEvent(event);
  return event;
};

beforeEach(() => {
  installCapture();
  setSessionGate(() => Promise.resolve());
});
afterEach(() => {
  document.body.innerHTML = "";
});

describe("the capture script", () => {
  it("uses the attribute names of EARLY_INPUT (it cannot import them)", () => {
    for (const name of Object.values(EARLY_INPUT)) expect(CAPTURE_SCRIPT).toMatch(new RegExp(`["[]${name}["\\]]`));
  });

  it("holds a tap on a control of a root that has not hydrated: pending, and not seen by the page", () => {
    page(`<div id="top" data-root><button data-action="submit-url">Submit URL</button></div>`);
    const seen = vi.fn();
    document.getElementById("top")!.addEventListener("click", seen);
    const button = document.querySelector("button")!;
    const event = click(button);
    expect(event.defaultPrevented).toBe(true);
    expect(seen).not.toHaveBeenCalled();
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(queue()).toEqual([{ action: "submit-url", key: "", value: "", root: "top" }]);
  });

  it("keeps a double tap as one action, and the last direction of a vote", () => {
    page(
      `<div id="feed" data-root>` +
        `<button data-action="vote" data-action-key="a1" data-action-value="upvote">up</button>` +
        `<button data-action="vote" data-action-key="a1" data-action-value="downvote">down</button>` +
        `<button data-action="vote" data-action-key="a2" data-action-value="upvote">up 2</button></div>`,
    );
    const [up, down, up2] = document.querySelectorAll("button");
    click(up!);
    click(up!);
    click(up2!);
    expect(queue()).toHaveLength(2);
    click(down!);
    expect(queue()).toEqual([
      { action: "vote", key: "a1", value: "downvote", root: "feed" },
      { action: "vote", key: "a2", value: "upvote", root: "feed" },
    ]);
  });

  it("leaves modifier-clicks, middle clicks, plain links and hydrated roots to the browser and React", () => {
    page(
      `<div id="a" data-root><button data-action="share" data-action-key="x">Share</button><a href="/x">link</a></div>` +
        `<div id="b" data-root ${EARLY_INPUT.hydrated}><button data-action="theme">Theme</button></div>`,
    );
    const share = document.querySelector("#a button")!;
    expect(click(share, { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(click(share, { button: 1 }).defaultPrevented).toBe(false);
    expect(click(document.querySelector("#a a")!).defaultPrevented).toBe(false);
    expect(click(document.querySelector("#b button")!).defaultPrevented).toBe(false);
    expect(queue()).toEqual([]);
  });

  it("lets the header search go to /search as a plain form, but not with a blank query", () => {
    page(`<div id="top" data-root><form action="/search" method="get"><input name="q"></form></div>`);
    const form = document.querySelector("form")!;
    const submit = () => {
      const event = new Event("submit", { bubbles: true, cancelable: true });
      form.dispatchEvent(event);
      return event.defaultPrevented;
    };
    form.querySelector("input")!.value = "   ";
    expect(submit()).toBe(true);
    form.querySelector("input")!.value = "harbour";
    expect(submit()).toBe(false);
  });

  it("keeps a select's choice (it cannot be undone) as the action's value", () => {
    page(
      `<div id="main" data-root><select data-action="feed-sort"><option value="date">Newest</option><option value="popularity">Most popular</option></select></div>`,
    );
    const select = document.querySelector("select")!;
    select.value = "popularity";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(queue()).toEqual([{ action: "feed-sort", key: "", value: "popularity", root: "main" }]);
    expect(select.getAttribute("aria-busy")).toBe("true");
  });

  it("holds a marked form's submit", () => {
    page(
      `<div id="main" data-root><form data-action="comment" data-action-key="a1"><textarea></textarea></form></div>`,
    );
    const event = new Event("submit", { bubbles: true, cancelable: true });
    document.querySelector("form")!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(queue()).toEqual([{ action: "comment", key: "a1", value: "", root: "main" }]);
  });
});

describe("rootReady", () => {
  it("clicks the held control again, once, after the session is known, and clears its pending state", async () => {
    page(`<div id="top" data-root><button data-action="submit-url">Submit URL</button></div>`);
    const root = document.getElementById("top")!;
    click(root.querySelector("button")!);
    // Hydration replaced the node: the replay finds the control anew by its action.
    root.innerHTML = `<button data-action="submit-url">Submit URL</button>`;
    const opened = vi.fn();
    root.querySelector("button")!.addEventListener("click", opened);
    let sessionKnown!: () => void;
    setSessionGate(() => new Promise<void>((resolve) => (sessionKnown = resolve)));
    const done = rootReady(root);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(opened).not.toHaveBeenCalled();
    sessionKnown();
    await done;
    expect(opened).toHaveBeenCalledTimes(1);
    expect(root.hasAttribute(EARLY_INPUT.hydrated)).toBe(true);
    expect(root.querySelector("button")!.hasAttribute("aria-busy")).toBe(false);
    await rootReady(root);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it("hands a tap to its action's handler instead, and clicks only when the handler asks", async () => {
    page(
      `<div id="feed" data-root><button data-action="vote" data-action-key="a1" data-action-value="upvote">up</button></div>`,
    );
    const root = document.getElementById("feed")!;
    const button = root.querySelector("button")!;
    click(button);
    const toggled = vi.fn();
    button.addEventListener("click", toggled);
    const handler = vi.fn().mockResolvedValue(undefined);
    const unregister = handleEarlyTaps("vote", handler);
    await rootReady(root);
    unregister();
    expect(handler).toHaveBeenCalledWith({ action: "vote", key: "a1", value: "upvote", root: "feed" });
    expect(toggled).not.toHaveBeenCalled();
    expect(button.hasAttribute("aria-busy")).toBe(false);
  });

  it("marks the page ready once every root is, and lets held taps go where the app will not come", async () => {
    page(
      `<div id="top" data-root></div><div id="main" data-root><button data-action="share" data-action-key="x">Share</button></div>`,
    );
    click(document.querySelector("button")!);
    await rootReady(document.getElementById("top")!);
    expect(document.documentElement.hasAttribute(APP_READY_ATTRIBUTE)).toBe(false);
    rootAbandoned(document.getElementById("main")!);
    expect(document.documentElement.hasAttribute(APP_READY_ATTRIBUTE)).toBe(true);
    expect(document.querySelector("button")!.hasAttribute("aria-busy")).toBe(false);
    expect(queue()).toEqual([]);
    // From now on a tap there is not held.
    expect(click(document.querySelector("button")!).defaultPrevented).toBe(false);
  });
});
