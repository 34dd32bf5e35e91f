// Where the gateway under test finds its "Google": the local provider in oidc-provider.ts.
export const PROVIDER = "https://oidc.test";
export const CLIENT_ID = "test-client-id";
export const CLIENT_SECRET = "test-client-secret";
export const MODME_TEST_PASSWORD = "correct horse battery staple";

export const OIDC_BINDINGS = {
  GOOGLE_CLIENT_ID: CLIENT_ID,
  GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
  GOOGLE_AUTHORIZATION_URL: `${PROVIDER}/authorize`,
  GOOGLE_TOKEN_URL: `${PROVIDER}/token`,
  GOOGLE_JWKS_URL: `${PROVIDER}/jwks`,
  GOOGLE_ISSUERS: PROVIDER,
  APP_ORIGIN: "http://127.0.0.1:8787",
  ADMIN_EMAILS: "founder@unbiased247.example",
};
