// The same binary over PostgreSQL (--pg, --pg-schema), when a server is configured:
// AGENT_WORKSPACE_PG_URL, as for the store's own tests.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import registry from "../../../../examples/frameworks/registry.ts";
import { postgresStore } from "../../../../src/stores/postgres/store.ts";
import { createWorkspace } from "../../../../src/workspace/workspace.ts";
import { run } from "./fixtures/run.ts";
import { agent, alice, REGISTRY } from "./fixtures/seed.ts";

const url = process.env.AGENT_WORKSPACE_PG_URL || undefined;
const schema = `aw_cli_${process.pid}_${randomBytes(4).toString("hex")}`;

describe.skipIf(url === undefined)("over PostgreSQL", () => {
  afterAll(async () => {
    const pool = new pg.Pool({ connectionString: url });
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  });

  it("reads the inbox of a workspace in a schema, and accepts its proposal", async () => {
    const store = await postgresStore({ connectionString: url ?? "" }, { schema });
    const ws = createWorkspace({ registry, store, id: "team-1" });
    await ws.commit({ type: "create_thread", thread_id: "thr_1" }, alice);
    const data = { text: "Ship on Friday.\n" };
    await ws.commit({ type: "create_artifact", artifact_id: "plan_1", kind: "plan", data }, alice);
    const patch = { kind: "text_edits" as const, edits: [{ old: "Friday", new: "Monday" }] };
    const edit = {
      type: "edit_artifact" as const,
      artifact_id: "plan_1",
      base_version: 1,
      patch,
      proposal_id: "prp_pg",
    };
    await ws.commit(edit, agent);
    await ws.close();

    const on = [
      "--pg",
      url ?? "",
      "--pg-schema",
      schema,
      "--workspace",
      "team-1",
      "--registry",
      REGISTRY,
    ];
    const inbox = await run(["inbox", ...on, "--json"]);
    expect(inbox.code).toBe(0);
    expect(JSON.parse(inbox.stdout).proposals).toMatchObject([{ id: "prp_pg", mergeable: true }]);
    const accepted = await run(["accept", "prp_pg", ...on, "--as", "alice"]);
    expect(accepted).toEqual({ code: 0, stdout: "accepted prp_pg: plan_1 is at v2\n", stderr: "" });
  });
});

describe.runIf(url === undefined)("over PostgreSQL", () => {
  it.skip("skipped; set AGENT_WORKSPACE_PG_URL=postgres://postgres@127.0.0.1:5432/test to run it", () => {});
});
