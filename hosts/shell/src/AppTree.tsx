import { AppToaster, AuthProvider, SWRConfig, ThemeProvider } from "@unbiased/web-shared";
import type { ReactNode } from "react";
import { firstPageSWRConfig } from "./firstPage/firstPageData.ts";
import { Layout } from "./layout/Layout.tsx";
import { ShellRoutes } from "./routes/ShellRoutes.tsx";

/**
 * Everything inside the router: the browser (App.tsx) and the gateway's first-HTML renderer
 * (ssr/renderPage.tsx) render this same tree, so the HTML the browser hydrates matches its own.
 * `firstPage`: the data the first HTML was rendered from, seeding the SWR cache.
 */
export function AppTree({ firstPage }: { firstPage: Record<string, unknown> | null }) {
  const content: ReactNode = (
    <ThemeProvider>
      <AuthProvider>
        <Layout>
          <ShellRoutes />
        </Layout>
        <AppToaster />
      </AuthProvider>
    </ThemeProvider>
  );
  return firstPage ? <SWRConfig value={firstPageSWRConfig(firstPage)}>{content}</SWRConfig> : content;
}
