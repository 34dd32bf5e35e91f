// Every public route of spec §2; each is rendered by the reader remote. The reader repeats
// them in its own <Routes> (it maps them to pages); this list decides which paths are "unknown".
export const READER_PATHS = [
  "/",
  "/news",
  "/category/:category",
  "/news/category/:category",
  "/article/:slug/:id",
  "/news/article/:slug/:id",
  "/article/:id",
  "/search",
  "/news/search",
  "/login",
  "/profile",
  "/auth/google/callback",
  "/privacy",
  "/terms",
] as const;
