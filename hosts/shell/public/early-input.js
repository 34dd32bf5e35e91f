// Keeps the taps made before the app is ready (docs/decisions/019-early-input.md). The page reads and
// its links work from the first paint; a control that needs the app (Submit URL, a vote, the theme,
// share, report, sign-in, comment) is marked data-action. Until the React root around it has
// hydrated, a tap on it is held here: the control says it is pending (aria-busy), a second tap on it
// is the same action, and web-shared (earlyInput/replay.ts) carries each held action out once when
// its root is ready. React does not replay clicks made before hydrateRoot runs, hence this script.
// The names repeat EARLY_INPUT (workers/shared/src/contracts/page.ts); a unit test keeps them in step.
// The production build inlines this file (build-web.mjs), with the page's CSP nonce.
(() => {
  const queue = [];
  window.__earlyInput = { queue: queue };

  // The root a control belongs to, while that root still waits for its app (null once it answers).
  function waitingRoot(element) {
    const root = element.closest("[data-root]");
    if (!root || root.hasAttribute("data-hydrated") || root.hasAttribute("data-early-input-off")) return null;
    return root;
  }

  function hold(event, control, chosen) {
    const root = waitingRoot(control);
    if (!root) return;
    event.preventDefault();
    event.stopPropagation();
    const action = control.getAttribute("data-action");
    const key = control.getAttribute("data-action-key") || "";
    const value = chosen ?? (control.getAttribute("data-action-value") || "");
    control.setAttribute("aria-busy", "true");
    for (const held of queue) {
      // The same control tapped again, or the other vote of the same article: one action, the last intent.
      if (held.action === action && held.key === key) {
        held.value = value;
        return;
      }
    }
    queue.push({ action: action, key: key, value: value, root: root.id });
  }

  document.addEventListener(
    "click",
    (event) => {
      // A modifier-click or a middle click keeps the browser's meaning (a new tab, a download…).
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      const control = target?.closest("[data-action]");
      // A form's action is its submit, a select's its change (below): their clicks go on.
      if (control && control.tagName !== "FORM" && control.tagName !== "SELECT") hold(event, control);
    },
    true,
  );

  // A select shows the reader's choice at once (a change cannot be undone); the choice is kept.
  document.addEventListener(
    "change",
    (event) => {
      const select = event.target;
      if (select instanceof HTMLSelectElement && select.hasAttribute("data-action")) hold(event, select, select.value);
    },
    true,
  );

  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      if (form.hasAttribute("data-action")) return hold(event, form);
      // The header's search is a plain GET form to /search; an empty query goes nowhere (spec §2).
      const query = form.elements.namedItem("q");
      if (form.getAttribute("action") === "/search" && query && !query.value.trim() && waitingRoot(form)) {
        event.preventDefault();
      }
    },
    true,
  );
})();
