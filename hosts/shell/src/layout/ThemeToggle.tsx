import { earlyAction, useTheme } from "@unbiased/web-shared";
import Moon from "lucide-react/icons/moon";
import Sun from "lucide-react/icons/sun";

export function ThemeToggle() {
  const { isDark, toggle } = useTheme();
  const label = isDark ? "Switch to light mode" : "Switch to dark mode";
  return (
    <button
      type="button"
      className="ui-icon-button"
      aria-label={label}
      title={label}
      onClick={toggle}
      {...earlyAction("theme")}
    >
      {isDark ? <Sun aria-hidden="true" size={18} /> : <Moon aria-hidden="true" size={18} />}
    </button>
  );
}
