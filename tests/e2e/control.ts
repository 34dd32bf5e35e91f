// The running stack, controlled from a test file (test files run apart from the global setup that
// started it): restart one remote's Worker from its current build — the local form of its deploy —
// and report the gateway's and a remote's process id, so a test can show the gateway was not touched,
// or stop a remote's process to see the stack start it again.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningStack } from "../../scripts/stack.ts";
import type { RemoteName } from "../../workers/shared/src/contracts/page.ts";

export async function serveStackControl(stack: RunningStack): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const restart = request.method === "POST" ? /^\/restart\/(reader|modme)$/.exec(request.url ?? "") : null;
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.url === "/gateway-pid") return answer(200, { pid: stack.pid });
    const remotePid = /^\/remote-pid\/(reader|modme)$/.exec(request.url ?? "");
    if (remotePid) return answer(200, { pid: stack.remotePid(remotePid[1] as RemoteName) ?? null });
    if (!restart) return answer(404, { error: "no such control" });
    stack
      .restartRemote(restart[1] as RemoteName)
      .then(() => answer(200, { restarted: restart[1] }))
      .catch((error: unknown) => answer(500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
