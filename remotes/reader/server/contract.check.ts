// Holds the server renderer to the interface the reader's Worker is compiled against
// (worker/serverContract.ts): a change on one side that the other does not follow fails `npm run typecheck`.
import type { ReaderServer } from "../worker/serverContract.ts";
import * as renderer from "./render.tsx";

export const checked: ReaderServer = renderer;
