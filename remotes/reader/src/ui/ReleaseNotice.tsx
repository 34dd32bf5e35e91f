// The notice shipped with this build of the reader (READER_NOTICE, hosts/shared/federation/notices.ts).
declare const __READER_NOTICE__: string;

const NOTICE = typeof __READER_NOTICE__ === "string" ? __READER_NOTICE__ : "";

export function ReleaseNotice() {
  return NOTICE ? (
    <p className="release-notice" role="note">
      {NOTICE}
    </p>
  ) : null;
}
