import { AppToaster, AuthProvider, ThemeProvider, BrowserRouter } from "@unbiased/web-shared";
import { Layout } from "./layout/Layout.tsx";
import { ShellRoutes } from "./routes/ShellRoutes.tsx";

/** The host owns the router and the page-wide providers; remotes render inside them. */
export function App() {
  return (
    <BrowserRouter>
      <ThemeProvider>
        <AuthProvider>
          <Layout>
            <ShellRoutes />
          </Layout>
          <AppToaster />
        </AuthProvider>
      </ThemeProvider>
    </BrowserRouter>
  );
}
