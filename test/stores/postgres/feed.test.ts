import { expect, it } from "vitest";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import type { Envelope } from "../../../src/entries/index.ts";
import { createWorkspace, memoryStore, sequentialIds } from "../../../src/entries/index.ts";
import { postgresStore } from "../../../src/entries/postgres.ts";
import { logEntries } from "../../../src/model/snapshot.ts";
import type { Store } from "../../../src/stores/port.ts";
import { startChild } from "../fixtures/pg-child.ts";
import { testDatabase, withPostgres } from "../fixtures/pg-env.ts";
import { decisionOf, type RaceAnswer } from "../fixtures/pg-race.ts";

const alice = { kind: "user", id: "alice" } as const;
const agent = { kind: "agent", thread_id: "t1", run_id: null } as const;
const PROPOSALS = 1000;
const CHECKLISTS = 50;

// Made in memory, where it takes a moment, then written to Postgres in one append.
async function seedProposals(store: Store, id: string): Promise<void> {
  const memory = memoryStore();
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    store: memory,
    id,
    newId: sequentialIds(),
  });
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  for (let c = 0; c < CHECKLISTS; c++) {
    await ws.commit(
      { type: "create_artifact", artifact_id: `c${c}`, kind: "checklist", data: {} },
      alice,
    );
  }
  for (let i = 0; i < PROPOSALS; i++) {
    const proposed = await ws.commit(
      {
        type: "edit_artifact",
        artifact_id: `c${i % CHECKLISTS}`,
        base_version: 1,
        patch: {
          kind: "json_patch",
          ops: [{ op: "add", path: `/items/i${i}`, value: { title: `${i}` } }],
        },
      },
      agent,
    );
    if (!proposed.ok || proposed.outcome.type !== "proposed")
      throw new Error("expected a proposal");
  }
  const s = memory.snapshot(id);
  const seeded = await store.append(id, 0, {
    envelopes: logEntries(s),
    artifacts: [...s.artifacts.values()],
    revisions: [...s.revisions.values()].flatMap((history) => [...history]),
    proposals: [...s.proposals.values()],
    threads: [...s.threads.values()],
    runs: [...s.runs.values()],
    messages: [...s.messages],
  });
  if (!seeded.ok) throw new Error("could not seed");
}

/** Collects what a subscription delivers, and waits until it reaches a position. */
function collector() {
  const seen: Envelope[] = [];
  return {
    seen,
    listener: (envelope: Envelope) => seen.push(envelope),
    reached: (head: number, timeout = 20_000) =>
      expect.poll(() => seen.at(-1)?.seq ?? 0, { timeout, interval: 20 }).toBe(head),
  };
}

const until = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

withPostgres(
  "postgres change feed across processes",
  (url) => {
    const db = testDatabase(url);

    it("two processes answering 1,000 proposals at once: one winner each, every event seen once", async () => {
      const schema = db.schema();
      const id = "ws_race";
      const setup = await postgresStore({ pool: db.pool }, { schema });
      const ws = createWorkspace({ registry: fixtureRegistry(), store: setup, id });
      const began = Date.now();
      await seedProposals(setup, id);
      const start = await ws.head();
      const seeded = Date.now();

      // The subscriber: another pool, in this process, hearing the children only through NOTIFY.
      const reader = await postgresStore({ connectionString: url }, { schema });
      const feed = collector();
      const errors: unknown[] = [];
      const subscription = createWorkspace({
        registry: fixtureRegistry(),
        store: reader,
        id,
      }).subscribe(start, feed.listener, { onError: (error) => errors.push(error) });

      const children = ["a", "b"].map((side) =>
        startChild("pg-answer.ts", [url, schema, id, side]),
      );
      for (const child of children) expect(await child.line()).toBe("ready");
      for (const child of children) child.say("go");
      const [a, b] = (await Promise.all(children.map((child) => child.done()))).map(
        (line) => JSON.parse(line) as { answers: RaceAnswer[]; refused: number },
      );
      if (a === undefined || b === undefined) throw new Error("a child reported nothing");
      const raced = Date.now();

      const log = await ws.log({ after: 0 });
      const head = await ws.head();
      expect(log.map((e) => e.seq)).toEqual(Array.from({ length: head }, (_, i) => i + 1));
      const resolved = log.filter((e) => e.event.type === "proposal_resolved");
      const resolvedOnce = new Set(
        resolved.map((e) => (e.event as { proposal_id: string }).proposal_id),
      );
      expect(resolved).toHaveLength(PROPOSALS);
      expect(resolvedOnce.size).toBe(PROPOSALS);

      const bySide = (answers: RaceAnswer[]) => new Map(answers.map((x) => [x.proposal, x]));
      const [ofA, ofB] = [bySide(a.answers), bySide(b.answers)];
      expect(ofA.size).toBe(PROPOSALS);
      expect(ofB.size).toBe(PROPOSALS);
      const stored = new Map((await ws.proposals()).map((p) => [p.id, p]));
      let accepted = 0;
      let winsOfA = 0;
      let sameAnswers = 0;
      for (const [proposal, x] of ofA) {
        const y = ofB.get(proposal);
        if (y === undefined) throw new Error(`no answer from b to ${proposal}`);
        expect([x.error, y.error]).toEqual([undefined, undefined]);
        const [winner, loser] = x.written ? [x, y] : [y, x];
        expect([winner.written, loser.written]).toEqual([true, false]);
        expect(stored.get(proposal)?.resolution?.decision).toBe(winner.decision);
        if (winner.decision === "accept") accepted++;
        if (winner === x) winsOfA++;
        if (loser.decision === winner.decision) {
          sameAnswers++;
          expect(loser).toMatchObject({ outcome: "resolved", outcomeDecision: winner.decision });
        } else {
          expect(loser.rejection).toBe("invalid_state");
        }
        expect(decisionOf(proposal, "a") === decisionOf(proposal, "b")).toBe(
          Number(proposal.replace(/\D/g, "")) % 2 === 0,
        );
      }
      expect(log.filter((e) => e.event.type === "artifact_changed")).toHaveLength(accepted);

      await feed.reached(head);
      expect(feed.seen.map((e) => e.id)).toEqual(log.slice(start).map((e) => e.id));
      expect(errors).toEqual([]);
      subscription.close();
      await Promise.all([setup.close(), reader.close()]);
      console.info(
        `race: seeded ${start} events in ${seeded - began} ms; the children wrote ${head - start} ` +
          `in ${raced - seeded} ms (with start-up), losing the position a ${a.refused}, b ${b.refused} times; ` +
          `a won ${winsOfA}, b ${PROPOSALS - winsOfA}; losers: ${sameAnswers} got the recorded ` +
          `outcome, ${PROPOSALS - sameAnswers} invalid_state`,
      );
    }, 90_000);

    it("a listener whose connection is killed reconnects and catches up, losing and repeating nothing", async () => {
      const schema = db.schema();
      const id = "ws_reconnect";
      const writer = await postgresStore({ pool: db.pool }, { schema });
      const lost: unknown[] = [];
      const reader = await postgresStore(
        { connectionString: url },
        { schema, reconnect: { minMs: 50, maxMs: 400 }, onError: (error) => lost.push(error) },
      );
      const ws = createWorkspace({ registry: fixtureRegistry(), store: writer, id });
      const feed = collector();
      const subscription = createWorkspace({
        registry: fixtureRegistry(),
        store: reader,
        id,
      }).subscribe(0, feed.listener);
      const post = async (n: number) => {
        for (let i = 0; i < n; i++)
          await ws.record({ type: "app_event", name: "tick", data: i }, alice);
      };
      const listener = async () => {
        const { rows } = await db.pool.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE application_name = $1",
          [`agent-workspace:${schema}`],
        );
        return rows.map((row) => row.pid);
      };

      await post(10);
      await feed.reached(10);
      const [before] = await listener();
      expect(before).toBeTypeOf("number");
      await db.pool.query("SELECT pg_terminate_backend($1)", [before]);
      await post(20); // while the feed is down: only its catch-up after reconnecting tells it
      await feed.reached(30);
      await expect.poll(listener, { timeout: 5000 }).toHaveLength(1);
      expect(await listener()).not.toContain(before);

      // Killed again and again while another process's writes go on.
      const writing = post(200);
      for (let kill = 0; kill < 5; kill++) {
        await until(60);
        for (const pid of await listener())
          await db.pool.query("SELECT pg_terminate_backend($1)", [pid]);
      }
      await writing;
      await feed.reached(230);
      expect(feed.seen.map((e) => e.seq)).toEqual(Array.from({ length: 230 }, (_, i) => i + 1));
      expect(lost.length).toBeGreaterThanOrEqual(2);
      await post(5);
      await feed.reached(235);
      expect(feed.seen).toHaveLength(235);
      subscription.close();
      await Promise.all([writer.close(), reader.close()]);
      await expect.poll(listener, { timeout: 5000 }).toEqual([]);
    }, 60_000);
  },
  { quiet: true },
);
