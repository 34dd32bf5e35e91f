// The gateway's RPC calls into the other Workers, each through the interface that Worker implements
// (workers/shared/src/contracts/rpc.ts): the votes and comments workers (account deletion, hides,
// sign-in's ban check), the ingest worker (staff regenerations, the image proxy's pictures) and the
// reader's Worker (each page's fragment).
import type { CommentsRpc, IngestRpc, ReaderRpc, VotesRpc } from "@unbiased/worker-shared/contracts/rpc";
import { rpcService } from "@unbiased/worker-shared/rpc/service";

export const votesService = (env: Pick<Env, "VOTES">) => rpcService<VotesRpc>(env.VOTES);
export const commentsService = (env: Pick<Env, "COMMENTS">) => rpcService<CommentsRpc>(env.COMMENTS);
export const ingestService = (env: Pick<Env, "INGEST">) => rpcService<IngestRpc>(env.INGEST);
export const readerService = (env: Pick<Env, "READER">) => rpcService<ReaderRpc>(env.READER);
