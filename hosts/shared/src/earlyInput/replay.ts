// Carries out the taps the page's capture script held before the app was ready (hosts/shell/public/
// early-input.js, docs/decisions/019-early-input.md). When a React root has hydrated (mountRoot), the
// taps held for it are carried out once each, in the order they came, after the session is known — a
// replayed tap acts for the reader the page now knows, as the hydrated controls then show. By default
// the control with the tap's action and key is clicked again (a form is submitted again), found anew
// because hydration may have replaced the node; an action whose meaning must not depend on the
// state hydration revealed registers a handler instead (a vote is 'set upvote', never a toggle).
import { APP_READY, EARLY_INPUT, type EarlyAction } from "@unbiased/worker-shared/contracts/page";

export interface HeldTap {
  action: EarlyAction;
  /** The control's key (an article id), "" for a control the page has once. */
  key: string;
  /** The control's value (a vote's direction), "" when none. */
  value: string;
  /** The id of the root the control was in. */
  root: string;
}

/**
 * Carries out a held tap. Returning (or resolving to) "click" has the control clicked after all (the
 * reader turned out to be signed out, say); anything else means done.
 */
export type TapHandler = (tap: HeldTap) => unknown;

interface CaptureGlobal {
  __earlyInput?: { queue: HeldTap[] };
}

const handlers = new Map<EarlyAction, TapHandler>();
const readyCallbacks: (() => void)[] = [];

/** Set on <html> once every root of the page is ready: the page answers every tap from then on. */
export const APP_READY_ATTRIBUTE = APP_READY;
let waitForSession: () => Promise<unknown> = () => Promise.resolve();

/** The attributes that make an element a control whose early taps are kept. */
export function earlyAction(action: EarlyAction, key?: string, value?: string): Record<string, string> {
  return {
    [EARLY_INPUT.action]: action,
    ...(key ? { [EARLY_INPUT.key]: key } : {}),
    ...(value ? { [EARLY_INPUT.value]: value } : {}),
  };
}

/** Handles every held tap of `action` from now on, instead of a second click; returns the unregister. */
export function handleEarlyTaps(action: EarlyAction, handler: TapHandler): () => void {
  handlers.set(action, handler);
  return () => {
    if (handlers.get(action) === handler) handlers.delete(action);
  };
}

/** What replays wait for before acting: the session check (set by the auth store). */
export function setSessionGate(gate: () => Promise<unknown>): void {
  waitForSession = gate;
}

function takeHeld(rootId: string): HeldTap[] {
  const queue = (globalThis as CaptureGlobal).__earlyInput?.queue;
  if (!queue) return [];
  const mine = queue.filter((tap) => tap.root === rootId);
  for (const tap of mine) queue.splice(queue.indexOf(tap), 1);
  return mine;
}

function controlsOf(root: HTMLElement, tap: HeldTap): HTMLElement[] {
  const action = `[${EARLY_INPUT.action}="${tap.action}"]`;
  const key = tap.key ? `[${EARLY_INPUT.key}="${CSS.escape(tap.key)}"]` : `:not([${EARLY_INPUT.key}])`;
  return [...root.querySelectorAll<HTMLElement>(action + key)];
}

function activate(control: HTMLElement | undefined): void {
  if (control instanceof HTMLFormElement) control.requestSubmit();
  else control?.click();
}

/** A macrotask: React has committed what the session's answer changed before a control is looked up. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function carryOut(root: HTMLElement, tap: HeldTap): Promise<void> {
  try {
    const handler = handlers.get(tap.action);
    const outcome: unknown = handler ? await handler(tap) : "click";
    if (outcome === "click") activate(controlsOf(root, tap)[0]);
  } catch (error) {
    console.error(`A held ${tap.action} tap could not be carried out:`, error);
  } finally {
    // The pending state the capture script set, on the node it set it on or its replacement.
    for (const control of controlsOf(root, tap)) control.removeAttribute("aria-busy");
  }
}

/**
 * `root` has hydrated (or rendered anew): from now on its taps go to React, and the taps held for it
 * are carried out, once. Idempotent: StrictMode runs effects twice.
 */
export async function rootReady(root: HTMLElement): Promise<void> {
  if (root.hasAttribute(EARLY_INPUT.hydrated)) return;
  root.setAttribute(EARLY_INPUT.hydrated, "");
  checkAppReady();
  const held = takeHeld(root.id);
  if (held.length === 0) return;
  await waitForSession();
  await nextTask();
  for (const tap of held) await carryOut(root, tap);
}

/** Every root hydrated, or given up (its code failed to load: its own panel says so). */
function checkAppReady(): void {
  const waiting = `[${EARLY_INPUT.root}]:not([${EARLY_INPUT.hydrated}]):not([${EARLY_INPUT.abandoned}])`;
  if (document.documentElement.hasAttribute(APP_READY_ATTRIBUTE) || document.querySelector(waiting)) return;
  document.documentElement.setAttribute(APP_READY_ATTRIBUTE, "");
  // For the benchmarks (tests/bench/tap-latency.ts): when the page began to answer every tap.
  performance.mark(APP_READY_ATTRIBUTE);
  for (const callback of readyCallbacks.splice(0)) callback();
}

/** Runs `callback` once every root of the page is ready (at once if it is): for work the first screen does not need. */
export function whenAppReady(callback: () => void): void {
  if (document.documentElement.hasAttribute(APP_READY_ATTRIBUTE)) callback();
  else readyCallbacks.push(callback);
}

/** `root`'s app will not come (its code failed to load): taps are no longer held there, and held ones are let go. */
export function rootAbandoned(root: HTMLElement): void {
  root.setAttribute(EARLY_INPUT.abandoned, "");
  checkAppReady();
  for (const tap of takeHeld(root.id))
    for (const control of controlsOf(root, tap)) control.removeAttribute("aria-busy");
}
