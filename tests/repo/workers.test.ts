// The Worker registry (workers/registry.ts) is the one list of the product's Workers, and the facts
// wrangler configs cannot share (they cannot include one another) are kept equal here: the D1 database
// every Worker binds, and the AUTH_SECRET they all verify tokens with.

import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { fromRoot, WORKERS } from "../../workers/registry.ts";
import { trackedFiles } from "./tracked-files.ts";

const configs = WORKERS.map((worker) => ({ worker, config: unstable_readConfig({ config: fromRoot(worker.config) }) }));

describe("the Worker registry", () => {
  it("lists every Worker of the repository (each tracked wrangler.toml of the product)", () => {
    const product = trackedFiles().filter((path) => path.endsWith("wrangler.toml") && !path.startsWith("tests/"));
    expect(WORKERS.map((worker) => worker.config).sort()).toEqual(product.sort());
  });

  it("names each Worker once", () => {
    const names = configs.map(({ config }) => config.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("facts the wrangler configs share", () => {
  it("one D1 database: the same name, id and migrations for every Worker that binds DB", () => {
    const databases = configs.flatMap(({ worker, config }) =>
      config.d1_databases
        .filter((database) => database.binding === "DB")
        .map((database) => ({
          worker: worker.name,
          name: database.database_name,
          id: database.database_id,
          migrations: database.migrations_dir ?? null,
        })),
    );
    expect(databases.map((database) => database.worker).sort()).toEqual(["comments", "gateway", "ingest", "votes"]);
    const gateway = databases.find((database) => database.worker === "gateway");
    for (const database of databases)
      expect({ name: database.name, id: database.id }, database.worker).toEqual({
        name: gateway?.name,
        id: gateway?.id,
      });
  });

  it("the hot-object bench's driver binds the same database (it waits for the consumer's writes there)", () => {
    const driver = unstable_readConfig({ config: fromRoot("tests/bench/hot-object/wrangler.toml") });
    const gateway = configs.find(({ worker }) => worker.name === "gateway")?.config.d1_databases[0];
    expect(
      driver.d1_databases.map(({ binding, database_name, database_id }) => ({ binding, database_name, database_id })),
    ).toEqual([{ binding: "DB", database_name: gateway?.database_name, database_id: gateway?.database_id }]);
  });

  it("the Workers that verify tokens all require AUTH_SECRET", () => {
    for (const name of ["gateway", "votes", "comments"]) {
      const found = configs.find(({ worker }) => worker.name === name);
      expect(found?.config.secrets?.required ?? [], name).toContain("AUTH_SECRET");
    }
  });
});
