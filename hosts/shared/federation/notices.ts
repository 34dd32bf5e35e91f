// A notice an operator can ship with a build of one app (e.g. "Comments are read-only tonight while we
// move servers"): READER_NOTICE, MODME_NOTICE and SERVICE_NOTICE (the shell's footer, through
// web-shared) in the environment of `npm run build:web`. Empty by default: nothing is shown. The
// end-to-end test of independent deploys ships one to see a rebuilt remote's new version on screen.
export const noticeDefine = (name: "READER_NOTICE" | "MODME_NOTICE" | "SERVICE_NOTICE") => ({
  [`__${name}__`]: JSON.stringify(process.env[name] ?? ""),
});
