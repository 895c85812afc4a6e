import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { replay } from "../../../src/entries/rules.ts";
import { sqliteStore } from "../../../src/entries/sqlite.ts";
import { NO_NEEDS } from "../../../src/model/state.ts";
import { type Child, startChild } from "../fixtures/child.ts";
import { tempFiles } from "../fixtures/sqlite-files.ts";

const { file } = tempFiles("sqlite-crash");
const ROUNDS = 20;
const AHEAD = 2;
const WS = "ws_crash";
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Rows per workspace in each entity table, read directly: nothing may exist that no event made.
function counts(path: string): Record<string, number> {
  const db = new Database(path, { readonly: true });
  try {
    const tables = ["artifacts", "revisions", "proposals", "threads", "runs", "messages"];
    return Object.fromEntries(
      tables.map((t) => [
        t,
        db.prepare(`SELECT count(*) FROM ${t} WHERE workspace_id = ?`).pluck().get(WS) as number,
      ]),
    );
  } finally {
    db.close();
  }
}

function integrity(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    return db.pragma("integrity_check", { simple: true }) as string;
  } finally {
    db.close();
  }
}

describe("sqlite store: a writer killed at random moments", () => {
  it(`keeps every acknowledged append and nothing half-written, over ${ROUNDS} kills`, async () => {
    const path = file();
    const acked: number[] = [];
    const log: string[] = [];
    // Writers load ahead (a few at a time) while another writes: start-up is most of a round.
    const ahead: Child[] = [];
    const load = (upTo: number) => {
      for (let r = ahead.length + 1; r <= Math.min(upTo, ROUNDS); r++) {
        ahead.push(startChild("crash-writer.ts", [path, WS, String(r)]));
      }
    };
    load(AHEAD);
    for (let round = 1; round <= ROUNDS; round++) {
      const writer = ahead[round - 1] as Child;
      await writer.waitFor("loaded");
      writer.process.stdin?.write("go\n");
      load(round + AHEAD);
      // Odd rounds: at any moment from opening (the first time, creating and migrating) the
      // file on; even rounds: after a random number of its writes, and a little more.
      const acks = round % 2 === 0 ? Math.floor(Math.random() * 60) : 0;
      if (acks > 0) await writer.waitForCount("ack ", acks);
      const delay = Math.round(Math.random() * (acks > 0 ? 20 : 300));
      await pause(delay);
      writer.process.kill("SIGKILL");
      expect(await writer.exited).toBe("SIGKILL");
      const mine = writer.lines.filter((l) => l.startsWith("ack ")).map((l) => Number(l.slice(4)));
      acked.push(...mine);

      const store = sqliteStore({ path });
      try {
        expect(integrity(path)).toBe("ok");
        const head = await store.head(WS);
        const envelopes = await store.read(WS, { after: 0 });
        expect(envelopes.map((e) => e.seq)).toEqual(envelopes.map((_, i) => i + 1));
        expect(envelopes.length).toBe(head);
        expect(Math.max(0, ...acked)).toBeLessThanOrEqual(head);
        const state = replay(envelopes);
        expect(await store.artifacts(WS)).toEqual([...state.artifacts.values()]);
        for (const [id, revisions] of state.revisions)
          expect(await store.revisions(WS, id)).toEqual(revisions.slice());
        expect(await store.proposals(WS, {})).toEqual([...state.proposals.values()]);
        const loaded = await store.load(WS, {
          ...NO_NEEDS,
          threads: [...state.threads.keys()],
          runs: [...state.runs.keys()],
          messages: [...state.messages],
        });
        expect([...loaded.threads.values()]).toEqual([...state.threads.values()]);
        expect([...loaded.runs.values()]).toEqual([...state.runs.values()]);
        expect([...loaded.messages.values()].every(Boolean)).toBe(true);
        expect(counts(path)).toEqual({
          artifacts: state.artifacts.size,
          revisions: [...state.revisions.values()].flatMap((history) => [...history]).length,
          proposals: state.proposals.size,
          threads: state.threads.size,
          runs: state.runs.size,
          messages: state.messages.size,
        });
        log.push(`${acks}+${delay}ms:${mine.length}acks/head ${head}`);
      } finally {
        await store.close();
      }
    }
    console.log(`crash rounds (killed after acks+ms: acks seen / head after): ${log.join(", ")}`);
    expect(acked.length).toBeGreaterThan(0);
  }, 120_000);
});
