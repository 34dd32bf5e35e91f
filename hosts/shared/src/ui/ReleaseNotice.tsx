// The notice an operator shipped with a build of one app (READER_NOTICE, MODME_NOTICE: hosts/shared/
// federation/notices.ts), shown at the top of that app; nothing when the build carries none.
export function ReleaseNotice({ text }: { text: string }) {
  return text ? (
    <p className="release-notice" role="note">
      {text}
    </p>
  ) : null;
}
