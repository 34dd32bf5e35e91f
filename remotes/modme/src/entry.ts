// The module the shell imports first (built as entry.js; the remote's manifest names it with its
// hash): it only loads the mount module, by a dynamic import, so Vite's preload helper brings that
// module's stylesheet and its chunks with it. A static re-export would load the code but no CSS.
export const loadMount = () => import("./mount.tsx");
