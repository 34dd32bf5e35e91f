/// <reference types="vite/client" />

// Per-service base URLs (spec §7 names three hosts). Empty means same origin, which is how the
// gateway serves everything; a deployment with separate hosts sets them at build time.
interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_VOTES_BASE?: string;
  readonly VITE_COMMENTS_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
