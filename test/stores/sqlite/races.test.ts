import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import { createWorkspace, type Envelope } from "../../../src/entries/index.ts";
import { isKnownEvent, replay } from "../../../src/entries/rules.ts";
import { sqliteStore } from "../../../src/entries/sqlite.ts";
import { startChild } from "../fixtures/child.ts";
import { raceDecision } from "../fixtures/race-plan.ts";
import { tempFiles } from "../fixtures/sqlite-files.ts";

const { dir, file } = tempFiles("sqlite-races");
const CHILDREN = 4;
// RACE_ARTIFACTS=2 shrinks the race to 100 proposals, for a quick look.
const ARTIFACTS = Number(process.env.RACE_ARTIFACTS ?? 40);
const PER_ARTIFACT = 50; // 2,000 proposals
const WS = "ws_race";
const alice = { kind: "user", id: "alice" } as const;
const agent = { kind: "agent", thread_id: "t1", run_id: null } as const;

interface Answer {
  proposalId: string;
  decision: "accept" | "reject";
  kind: string;
  seqs: number[];
}
interface ChildReport {
  index: number;
  ms: number;
  refused: number;
  results: Answer[];
}

describe("sqlite store: processes racing to answer the same proposals", () => {
  it(`${CHILDREN} processes × ${ARTIFACTS * PER_ARTIFACT} proposals: one answer wins each, nothing lost or repeated`, async () => {
    const path = file();
    const store = sqliteStore({ path });
    const ws = createWorkspace({ registry: fixtureRegistry(), store, id: WS });
    const setupStarted = performance.now();
    await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
    const ids: string[] = [];
    for (let a = 0; a < ARTIFACTS; a++) {
      const items = Object.fromEntries(
        Array.from({ length: PER_ARTIFACT }, (_, k) => [`i${k}`, { title: `item ${k}` }]),
      );
      await ws.commit(
        { type: "create_artifact", artifact_id: `c${a}`, kind: "checklist", data: { items } },
        alice,
      );
      for (let k = 0; k < PER_ARTIFACT; k++) {
        const proposed = await ws.commit(
          {
            type: "edit_artifact",
            artifact_id: `c${a}`,
            base_version: 1,
            patch: {
              kind: "json_patch",
              ops: [{ op: "replace", path: `/items/i${k}/done`, value: true }],
            },
          },
          agent,
        );
        if (!proposed.ok || proposed.outcome.type !== "proposed")
          throw new Error("expected a proposal");
        ids.push(proposed.outcome.proposal_id);
      }
    }
    const setupMs = performance.now() - setupStarted;
    const idsFile = join(dir, "ids.json");
    writeFileSync(idsFile, JSON.stringify(ids));
    const before = await ws.head();

    const seen: Envelope[] = [];
    const subscription = ws.subscribe(before, (e) => seen.push(e));
    const children = Array.from({ length: CHILDREN }, (_, index) =>
      startChild("race-answerer.ts", [
        path,
        WS,
        String(index),
        idsFile,
        join(dir, `out${index}.json`),
      ]),
    );
    await Promise.all(children.map((child) => child.waitFor("ready")));
    const raceStarted = performance.now();
    for (const child of children) child.process.stdin?.end("go\n");
    const exits = await Promise.all(children.map((child) => child.exited));
    const raceMs = performance.now() - raceStarted;
    expect(exits, children.map((c) => c.stderr()).join("\n")).toEqual(children.map(() => 0));
    await subscription.settled();
    subscription.close();

    const reports = children.map(
      (_, index) => JSON.parse(readFileSync(join(dir, `out${index}.json`), "utf8")) as ChildReport,
    );
    const log = await ws.log();
    // The log is gapless, each event once.
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
    expect(new Set(log.map((e) => e.id)).size).toBe(log.length);
    // One resolution per proposal, by exactly one winner, whose answer it records.
    const resolved = new Map<string, Envelope[]>();
    for (const e of log) {
      const { event } = e;
      if (!isKnownEvent(event) || event.type !== "proposal_resolved") continue;
      resolved.set(event.proposal_id, [...(resolved.get(event.proposal_id) ?? []), e]);
    }
    expect(resolved.size).toBe(ids.length);
    const kinds = new Map<string, number>();
    ids.forEach((id, i) => {
      const [resolution, ...more] = resolved.get(id) ?? [];
      expect(more).toEqual([]);
      const answers = reports.map((r) => r.results[i]);
      const winners = answers.filter((a) => a?.kind === "won");
      expect(winners, id).toHaveLength(1);
      const winner = reports.findIndex((r) => r.results[i]?.kind === "won");
      expect(resolution?.event).toMatchObject({ decision: raceDecision(winner, i) });
      expect(resolution?.actor).toMatchObject({ id: `u${winner}` });
      expect(winners[0]?.seqs.at(-1)).toBe(resolution?.seq);
      answers.forEach((answer, child) => {
        if (child === winner) return;
        const same = raceDecision(child, i) === raceDecision(winner, i);
        expect(answer?.kind, `${id} child ${child}`).toBe(same ? "same" : "invalid_state");
        kinds.set(answer?.kind ?? "", (kinds.get(answer?.kind ?? "") ?? 0) + 1);
      });
    });
    // The subscriber in this process heard every appended event once, in order.
    expect(seen.map((e) => e.seq)).toEqual(log.slice(before).map((e) => e.seq));
    expect(seen.filter((e) => e.event.type === "proposal_resolved")).toHaveLength(ids.length);
    // And the entities are what the log means.
    expect(await ws.proposals({ status: "pending" })).toEqual([]);
    const replayed = replay(log);
    expect([...replayed.proposals.values()]).toEqual(await ws.proposals());
    expect([...replayed.artifacts.values()]).toEqual(await ws.artifacts());
    await store.close();

    console.log(
      `races: setup ${ids.length} proposals ${Math.round(setupMs)} ms; ` +
        `${CHILDREN} answerers ${Math.round(raceMs)} ms wall ` +
        `(${reports.map((r) => `${Math.round(r.ms)} ms/${r.refused} refused`).join(", ")}); ` +
        `log ${log.length} events; losers: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(", ")}; ` +
        `wins by child: ${reports.map((r) => r.results.filter((a) => a.kind === "won").length).join("/")}`,
    );
  }, 120_000);
});
