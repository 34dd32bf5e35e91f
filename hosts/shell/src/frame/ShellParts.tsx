// The shell's two parts of every page: the top (skip link and header) and the bottom (footer and
// the page's one toaster). Each is its own React root in the browser (the remote between them has
// another, docs/decisions/016-fragments.md) and is rendered on the gateway with the same components,
// so the browser hydrates exactly what the server sent.
import { AppToaster, AuthProvider, ThemeProvider } from "@unbiased/web-shared";
import type { ReactNode } from "react";
import { Footer } from "../layout/Footer.tsx";
import { Header } from "../layout/Header.tsx";

/** The page-wide state every shell root reads (module-level stores of web-shared: one per page). */
function ShellState({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <AuthProvider>{children}</AuthProvider>
    </ThemeProvider>
  );
}

export function ShellTop() {
  return (
    <ShellState>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
    </ShellState>
  );
}

export function ShellBottom() {
  return (
    <ShellState>
      <Footer />
      <AppToaster />
    </ShellState>
  );
}
