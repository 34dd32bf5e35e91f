// lucide-react types its factory only on the package barrel; this is the same function.
declare module "lucide-react/dist/esm/createLucideIcon.mjs" {
  const createLucideIcon: typeof import("lucide-react").createLucideIcon;
  export default createLucideIcon;
}
