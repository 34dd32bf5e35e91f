// The notice shipped with this build of ModMe (MODME_NOTICE, hosts/shared/federation/notices.ts).
declare const __MODME_NOTICE__: string;

const NOTICE = typeof __MODME_NOTICE__ === "string" ? __MODME_NOTICE__ : "";

export function ReleaseNotice() {
  return NOTICE ? (
    <p className="release-notice" role="note">
      {NOTICE}
    </p>
  ) : null;
}
