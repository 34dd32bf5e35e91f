import { join } from "node:path";
import { workerTestConfig } from "../shared/testing/pool-config.ts";

export default workerTestConfig({
  name: "votes",
  dir: import.meta.dirname,
  wranglerConfig: join(import.meta.dirname, "wrangler.toml"),
});
