import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import {
  createWorkspace,
  isWorkspaceError,
  sequentialIds,
  type WorkspaceError,
} from "../../../src/entries/index.ts";
import { type PostgresStore, postgresStore } from "../../../src/entries/postgres.ts";
import { isConnectionLoss, pgFault } from "../../../src/stores/postgres/faults.ts";
import { appEvent, batch, envelope } from "../../../src/testing/suite-records.ts";
import { testDatabase, withPostgres } from "../fixtures/pg-env.ts";
import { type PgProxy, startProxy } from "../fixtures/pg-proxy.ts";
import { chown, fill, mountTmpfs, unmount } from "../fixtures/root-fs.ts";

const WS = "ws_faults";
const alice = { kind: "user", id: "alice" } as const;
const event = (seq: number) => batch({ envelopes: [envelope(WS, seq, appEvent(seq))] });

/** The `WorkspaceError` a promise rejects with; fails the test for anything else. */
async function fault(promise: Promise<unknown>): Promise<WorkspaceError> {
  const error = await promise.then(
    () => new Error("expected a rejection"),
    (e: unknown) => e,
  );
  if (!isWorkspaceError(error)) throw error;
  return error;
}

const serverError = (code: string, message = "server says no") =>
  Object.assign(new Error(message), { code, severity: "ERROR" });

describe("postgres store: driver errors answered with stable codes", () => {
  it("types what the server and the driver say, keeping it as the cause", () => {
    const cases: [Error, string][] = [
      [serverError("53100", "could not extend file: No space left on device"), "disk_full"],
      [serverError("25006", "cannot execute INSERT in a read-only transaction"), "read_only"],
      [serverError("53300", "sorry, too many clients already"), "store_unavailable"],
      [
        serverError("57P01", "terminating connection due to administrator command"),
        "store_unavailable",
      ],
      [serverError("08006"), "store_unavailable"],
      [serverError("XX001", "invalid page in block 3"), "corrupt_record"],
      [
        Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }),
        "store_unavailable",
      ],
      [new Error("Connection terminated unexpectedly"), "store_unavailable"],
    ];
    for (const [error, code] of cases) {
      const typed = pgFault(error, "a read") as WorkspaceError;
      expect(typed, error.message).toMatchObject({ code, cause: error });
      expect(typed.message).toContain(error.message);
    }
    const own = new TypeError("a bug");
    expect(pgFault(own, "a read")).toBe(own);
    // Which of them may leave a statement's fate unknown.
    expect(cases.map(([error]) => isConnectionLoss(error))).toEqual([
      false,
      false,
      false,
      true,
      true,
      false,
      false,
      true,
    ]);
  });
});

withPostgres(
  "postgres store faults",
  (url) => {
    const db = testDatabase(url);
    const proxies: PgProxy[] = [];
    afterAll(async () => {
      for (const proxy of proxies) await proxy.close();
    });

    /** A store on a fresh schema through a proxy that can cut its connections. */
    async function throughProxy() {
      const proxy = await startProxy(url);
      proxies.push(proxy);
      const notices: unknown[] = [];
      const store = await postgresStore(
        { connectionString: proxy.url },
        { schema: db.schema(), onError: (error) => notices.push(error) },
      );
      const settled = () =>
        notices.filter((n) => isWorkspaceError(n) && /asked again/.test(n.message)).map(String);
      return { proxy, store, settled };
    }

    // The append's request: the only one carrying the batch's envelopes.
    const appending = (chunk: Buffer) => chunk.includes('"seq"');

    it("a connection lost after the append committed: ok, written once", async () => {
      const { proxy, store, settled } = await throughProxy();
      await store.append(WS, 0, event(1));
      const cut = proxy.cut({ at: "response", matching: appending });
      expect(await store.append(WS, 1, event(2))).toEqual({ ok: true, head: 2 });
      await cut;
      expect(await store.read(WS, { after: 0 })).toEqual([
        ...event(1).envelopes,
        ...event(2).envelopes,
      ]);
      expect(settled()).toEqual([expect.stringContaining("it had committed")]);
      await store.close();
    });

    it("a connection lost before the append reached the server: not written, decided again", async () => {
      const { proxy, store, settled } = await throughProxy();
      await store.append(WS, 0, event(1));
      const cut = proxy.cut({ at: "request", matching: appending });
      expect(await store.append(WS, 1, event(2))).toEqual({ ok: false, head: 1 });
      await cut;
      expect(await store.head(WS)).toBe(1);
      expect(settled()).toEqual([expect.stringContaining("it had not committed")]);
      // Through a workspace, the write is decided again and lands once.
      const ws = createWorkspace({
        registry: fixtureRegistry(),
        store,
        id: "ws_again",
        newId: sequentialIds(),
      });
      await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
      const again = proxy.cut({ at: "request", matching: (c) => c.includes("message_posted") });
      const posted = await ws.commit(
        { type: "post_message", thread_id: "t1", content: "hi" },
        alice,
      );
      await again;
      expect(posted.ok && posted.outcome.seq).toBe(2);
      expect((await ws.log()).map((e) => e.event.type)).toEqual([
        "thread_created",
        "message_posted",
      ]);
      await store.close();
    });

    for (const at of ["response", "request"] as const) {
      const landed = at === "response" ? "committed" : "not_committed";
      it(`the server away when the append at its ${at} is asked about: unknown_outcome, settled as ${landed} once back`, async () => {
        const { proxy, store } = await throughProxy();
        const ws = createWorkspace({
          registry: fixtureRegistry(),
          store,
          id: WS,
          newId: sequentialIds(),
        });
        await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
        const cut = proxy.cut({ at, matching: (c) => c.includes("message_posted"), close: true });
        const command = {
          type: "post_message",
          thread_id: "t1",
          message_id: "m1",
          content: "hi",
        } as const;
        const error = await fault(ws.commit(command, alice));
        await cut;
        expect(error.code).toBe("unknown_outcome");
        expect(error.attempt).toMatchObject({
          workspace_id: WS,
          seq: 2,
          envelope_id: expect.any(String),
        });
        expect(error.attempt?.item).toMatchObject(command);
        expect(isConnectionLoss(error.cause)).toBe(true);
        // Away, reads say so; back, the log tells what became of it.
        expect((await fault(store.head(WS))).code).toBe("store_unavailable");
        await proxy.listen();
        const attempt = error.attempt ?? expect.fail("no attempt");
        expect(await ws.settle(attempt)).toBe(landed);
        if (landed === "not_committed") {
          expect((await ws.commit(attempt.item as typeof command, alice)).ok).toBe(true);
        }
        const log = await ws.log();
        expect(log.map((e) => e.event.type)).toEqual(["thread_created", "message_posted"]);
        expect(log[1]?.id === attempt.envelope_id).toBe(landed === "committed");
        await store.close();
      });
    }

    it("a full tablespace: disk_full, nothing written, and appends again once there is room", async (context) => {
      // A tablespace on a small tmpfs: the server must be on this machine, and this root. Opt
      // in: PostgreSQL stops (PANIC) if the tablespace's files vanish before it is dropped, so
      // this is for a server of one's own, not one shared with other tests.
      if (process.env.AGENT_WORKSPACE_PG_DISK_TESTS !== "1") {
        return context.skip(
          "set AGENT_WORKSPACE_PG_DISK_TESTS=1 (a server of your own) to fill a tablespace",
        );
      }
      const dir = mkdtempSync(join(tmpdir(), "aw-pg-full-"));
      const space = `aw_full_${process.pid}`;
      const why = mountTmpfs(dir, "4m") ?? chown(dir, "postgres");
      if (why !== null) {
        rmSync(dir, { recursive: true, force: true });
        return context.skip(`needs mount -t tmpfs as root on the server's machine: ${why}`);
      }
      const schema = db.schema();
      try {
        try {
          await db.pool.query(`CREATE TABLESPACE ${space} LOCATION '${dir}'`);
        } catch (error) {
          return context.skip(`needs the server on this machine: ${String(error)}`);
        }
        const inSpace = new URL(url);
        inSpace.searchParams.set("options", `-c default_tablespace=${space}`);
        const store = await postgresStore({ connectionString: inSpace.toString() }, { schema });
        try {
          await store.append(WS, 0, event(1));
          fill(join(dir, "filler"));
          const big = batch({
            envelopes: [
              {
                ...envelope(WS, 2, appEvent(2)),
                event: { ...appEvent(2), data: "x".repeat(500_000) },
              },
            ],
          });
          const error = await fault(store.append(WS, 1, big));
          expect(error.code).toBe("disk_full");
          expect((error.cause as { code?: string }).code).toBe("53100");
          expect(await store.head(WS)).toBe(1);
          rmSync(join(dir, "filler"));
          expect(await store.append(WS, 1, big)).toEqual({ ok: true, head: 2 });
        } finally {
          await store.close();
        }
      } finally {
        // In this order: unmounted before the tablespace is dropped, the server would stop.
        await db.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await db.pool.query(`DROP TABLESPACE IF EXISTS ${space}`);
        unmount(dir);
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("a read-only session: read_only, nothing written", async () => {
      const schema = db.schema();
      await (await postgresStore({ pool: db.pool }, { schema })).close();
      const readOnly = new URL(url);
      readOnly.searchParams.set("options", "-c default_transaction_read_only=on");
      const store: PostgresStore = await postgresStore(
        { connectionString: readOnly.toString() },
        { schema },
      );
      const error = await fault(store.append(WS, 0, event(1)));
      expect(error.code).toBe("read_only");
      expect((error.cause as { code?: string }).code).toBe("25006");
      expect(await store.head(WS)).toBe(0);
      await store.close();
    });
  },
  { quiet: true },
);
