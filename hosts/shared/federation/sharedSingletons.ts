// The Module Federation `shared` map used by the shell AND both remotes. One list, so the three
// builds cannot disagree about what is a singleton: a mismatch would give a remote its own
// React (hooks break), its own router (useLocation misses the host's path), or its own copy of
// @unbiased/web-shared (a second auth state and toaster).
export const SHARED_SINGLETONS = {
  react: { singleton: true },
  "react-dom": { singleton: true },
  "react-router-dom": { singleton: true },
  swr: { singleton: true },
  "react-hot-toast": { singleton: true },
  "@unbiased/web-shared": { singleton: true },
};
