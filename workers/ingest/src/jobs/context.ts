// What every job handler of the ingestion queue gets.
import type { Database } from "@unbiased/worker-shared/db/client";
import type { IngestConfig } from "../config.ts";

export interface IngestContext {
  env: Env;
  db: Database;
  config: IngestConfig;
}
