// Runs before first paint so a dark-mode reader never sees a white flash. Mirrors applyDarkClass
// and resolveDark in @unbiased/web-shared (theme/themePreference.ts); keep the two in step.
(() => {
  var stored = null;
  try {
    stored = localStorage.getItem("theme");
  } catch {
    // Storage can be blocked (privacy settings); fall back to the system preference.
  }
  var dark = stored === "dark" || (stored !== "light" && matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
  // The page's CSP nonce (this inline script carries it) for react-hot-toast's style element: goober reads
  // window.__nonce__ when react-hot-toast's module first runs, before any app code could set it.
  var script = document.currentScript;
  if (script?.nonce) window.__nonce__ = script.nonce;
})();
