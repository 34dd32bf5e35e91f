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
})();
