import { expect, it } from "vitest";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import {
  type CommandInput,
  createWorkspace,
  isWorkspaceError,
  sequentialIds,
  type Workspace,
} from "../../../src/entries/index.ts";
import { postgresStore } from "../../../src/entries/postgres.ts";
import { testDatabase, withPostgres } from "../fixtures/pg-env.ts";

const alice = { kind: "user", id: "alice" } as const;
const WRITERS = 4;
const EACH = 10;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What became of one write, and how many tries it took. */
interface Written {
  readonly messageId: string;
  readonly tries: number;
  /** The faults it met on the way: store_unavailable, unknown_outcome settled… */
  readonly met: string[];
}

// Posts one message as a host would: a read that fails changed nothing, so it sends again;
// an unknown outcome is settled once the store answers, and sent again only if it did not
// land. A refusal (the message already there) would mean a write landed twice or was
// reported as not landed when it had: it fails the test.
async function post(ws: Workspace, messageId: string): Promise<Written> {
  const command: CommandInput = {
    type: "post_message",
    thread_id: "t1",
    message_id: messageId,
    content: messageId,
  };
  const met: string[] = [];
  for (let tries = 1; tries <= 50; tries++) {
    try {
      const result = await ws.commit(command, alice);
      if (!result.ok) throw new Error(`${messageId}: refused: ${result.rejection.message}`);
      return { messageId, tries, met };
    } catch (error) {
      if (!isWorkspaceError(error)) throw error;
      met.push(error.code);
      if (error.code === "store_unavailable") continue;
      if (error.code !== "unknown_outcome" || error.attempt === null) throw error;
      const attempt = error.attempt;
      for (;;) {
        try {
          if ((await ws.settle(attempt)) === "committed") return { messageId, tries, met };
          break;
        } catch (settling) {
          if (!isWorkspaceError(settling) || settling.code !== "store_unavailable") throw settling;
          await pause(5);
        }
      }
    }
  }
  throw new Error(`${messageId}: 50 tries`);
}

withPostgres(
  "postgres store: its connections terminated mid-append",
  (url) => {
    const db = testDatabase(url);

    it(`${WRITERS} writers × ${EACH} messages, backends killed: each lands exactly once`, async () => {
      const schema = db.schema();
      const name = `aw_kill_${schema}`.slice(0, 60);
      const marked = new URL(url);
      marked.searchParams.set("application_name", name);
      const notices: string[] = [];
      const store = await postgresStore(
        { connectionString: marked.toString() },
        { schema, onError: (error) => notices.push(String(error)) },
      );
      // Each append takes a moment on the server, so a kill lands inside one.
      await db.pool.query(`
        CREATE FUNCTION "${schema}".slowly() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN PERFORM pg_sleep(0.01); RETURN NULL; END $$;
        CREATE TRIGGER slowly AFTER INSERT ON "${schema}".log
          FOR EACH STATEMENT EXECUTE FUNCTION "${schema}".slowly()`);
      const ws = createWorkspace({
        registry: fixtureRegistry(),
        store,
        id: "ws_kill",
        newId: sequentialIds(),
      });
      await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);

      let writing = true;
      let kills = 0;
      // Now and then, one backend of the store's that is appending is terminated.
      const killer = (async () => {
        while (writing) {
          const { rows } = await db.pool.query<{ killed: boolean }>(
            `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
              WHERE application_name = $1 AND state = 'active' AND query LIKE 'WITH cas%'
              ORDER BY random() LIMIT 1`,
            [name],
          );
          kills += rows.filter((row) => row.killed).length;
          await pause(15 + Math.random() * 20);
        }
      })();
      const started = Date.now();
      const written = await Promise.all(
        Array.from({ length: WRITERS }, async (_, w) => {
          const mine: Written[] = [];
          for (let i = 0; i < EACH; i++) mine.push(await post(ws, `m_${w}_${i}`));
          return mine;
        }),
      ).finally(() => {
        writing = false;
      });
      await killer;
      const all = written.flat();

      const log = await ws.log();
      const posted = log.flatMap((e) =>
        e.event.type === "message_posted" ? [e.event.message_id] : [],
      );
      expect(posted.sort()).toEqual(all.map((w) => w.messageId).sort());
      expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
      const settled = notices.filter((n) => n.includes("asked again"));
      const met = all.flatMap((w) => w.met);
      const count = (code: string) => met.filter((m) => m === code).length;
      console.info(
        `terminate: ${kills} appending backends killed in ${Date.now() - started} ms; ` +
          `${all.length} writes in ${all.reduce((n, w) => n + w.tries, 0)} tries; ` +
          `appends settled by asking again: ${settled.length} ` +
          `(${settled.filter((n) => n.includes("had committed")).length} had committed); ` +
          `the host saw unknown_outcome ${count("unknown_outcome")}, ` +
          `store_unavailable ${count("store_unavailable")} times`,
      );
      // The kills did land inside appends, which were settled.
      expect(kills).toBeGreaterThan(0);
      expect(settled.length + count("unknown_outcome")).toBeGreaterThan(0);
      await store.close();
    });
  },
  { quiet: true },
);
