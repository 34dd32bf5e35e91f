// lucide-react's icon factory (with its <Icon> and context), published by web-shared so that the
// remotes do not each bundle a copy: a remote's build redirects every lucide icon module's import of
// the factory to this export (hosts/shared/federation/lucideFromWebShared.ts). The icon data stays
// in the app that uses it, so only the icons a page imports are fetched.
// The deep path, not the package barrel: the barrel makes every build load ~2,000 icon modules.
/// <reference path="./lucideFactory.d.ts" />
import createLucideIcon from "lucide-react/dist/esm/createLucideIcon.mjs";

/** @public the remotes' builds import it through a rewrite (lucideFromWebShared.ts) that knip cannot follow. */
export { createLucideIcon };
