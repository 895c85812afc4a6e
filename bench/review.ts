/**
 * What reviewing in parts costs, each against its peer in the same run on a memory workspace,
 * alternating, each going first every other round:
 * - an accept of one hunk of two against an accept of the whole proposal;
 * - one `respond_to_proposals` of 20 accepts against 20 `respond_to_proposal`s;
 * - a revert against the edit that writes the same text back;
 * - a proposal on an artifact with 100 rejected proposals against one with none (the
 *   re-proposal check reads those filed under its first hunk, ADR 0062).
 * `tsx bench/review.ts` prints the table.
 */

import { performance } from "node:perf_hooks";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import { type CommandInput, createWorkspace, type Workspace } from "../src/entries/index.ts";
import { type BenchRow, quantile } from "./stats.ts";

export type { BenchRow };

const person = { kind: "user", id: "alice" } as const;
const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;
const TEXT = Array.from({ length: 40 }, (_, i) => `Line ${i} of the plan.`).join("\n");

async function committed(ws: Workspace, command: CommandInput, actor = person): Promise<number> {
  const started = performance.now();
  const done = await ws.commit(command, actor);
  const took = performance.now() - started;
  if (!done.ok) throw new Error(done.rejection.message);
  return took;
}

async function fresh(): Promise<Workspace> {
  const ws = createWorkspace({ registry: fixtureRegistry() });
  await committed(ws, { type: "create_thread", thread_id: "t1" });
  return ws;
}

async function note(ws: Workspace, id: string): Promise<void> {
  const data = { title: id, text: `${TEXT}\n` };
  await committed(ws, { type: "create_artifact", artifact_id: id, kind: "note", data });
}

/** The agent proposes a change of lines 3 and 30 of `id` (at `version`); its proposal id. */
async function propose(ws: Workspace, id: string, version: number, tag: string): Promise<string> {
  const edits = [
    { old: "Line 3 of", new: `Line 3 (${tag}) of` },
    { old: "Line 30 of", new: `Line 30 (${tag}) of` },
  ];
  const change = {
    type: "edit_artifact" as const,
    artifact_id: id,
    base_version: version,
    patch: { kind: "text_edits" as const, edits },
  };
  const done = await ws.commit({ type: "propose_change", change }, agent);
  if (!done.ok || done.outcome.type !== "proposed") throw new Error("expected a proposal");
  return done.outcome.proposal_id;
}

type Pair = { readonly ours: number[]; readonly peer: number[] };

/** Runs `ours` and `peer` alternately, each first every other round; median ms of each. */
async function alternate(
  rounds: number,
  ours: (i: number) => Promise<number>,
  peer: (i: number) => Promise<number>,
): Promise<{ ours: number; peer: number }> {
  const times: Pair = { ours: [], peer: [] };
  for (let i = 0; i < 2 * rounds; i++) {
    const a = async () => times.ours.push(await ours(i));
    const b = async () => times.peer.push(await peer(i));
    for (const run of i % 2 === 0 ? [a, b] : [b, a]) await run();
  }
  // The first half warms up.
  const kept = (xs: number[]) => quantile(xs.slice(rounds), 0.5);
  return { ours: kept(times.ours), peer: kept(times.peer) };
}

async function partialAccept(rounds: number) {
  const ws = await fresh();
  const answer = async (i: number, some: boolean) => {
    const id = `${some ? "part" : "whole"}_${i}`;
    await note(ws, id);
    const proposal = await propose(ws, id, 1, "p");
    const preview = await ws.previewProposal(proposal);
    const first = preview.ok ? preview.value.hunks[0]?.id : undefined;
    if (first === undefined) throw new Error("no hunk");
    const hunks = some ? { hunks: [first] } : {};
    const accept = { type: "respond_to_proposal", proposal_id: proposal, decision: "accept" };
    return committed(ws, { ...accept, ...hunks } as CommandInput);
  };
  return alternate(
    rounds,
    (i) => answer(i, true),
    (i) => answer(i, false),
  );
}

async function batch(rounds: number, size = 20) {
  const ws = await fresh();
  const proposals = async (tag: string): Promise<string[]> => {
    const ids: string[] = [];
    for (let k = 0; k < size; k++) {
      await note(ws, `${tag}_${k}`);
      ids.push(await propose(ws, `${tag}_${k}`, 1, tag));
    }
    return ids;
  };
  const accept = (proposal_id: string) => ({ proposal_id, decision: "accept" as const });
  return alternate(
    rounds,
    async (i) => {
      const ids = await proposals(`b${i}`);
      const responses = ids.map(accept);
      return committed(ws, { type: "respond_to_proposals", responses });
    },
    async (i) => {
      let took = 0;
      for (const id of await proposals(`s${i}`))
        took += await committed(ws, { type: "respond_to_proposal", ...accept(id) });
      return took;
    },
  );
}

async function revert(rounds: number) {
  const ws = await fresh();
  const editOnce = async (id: string) => {
    await note(ws, id);
    const edits = [{ old: "Line 3 of", new: "Line 3 (edited) of" }];
    const patch = { kind: "text_edits" as const, edits };
    await committed(ws, { type: "edit_artifact", artifact_id: id, base_version: 1, patch });
  };
  return alternate(
    rounds,
    async (i) => {
      await editOnce(`r${i}`);
      return committed(ws, { type: "revert_revision", artifact_id: `r${i}`, version: 2 });
    },
    async (i) => {
      await editOnce(`e${i}`);
      const edits = [{ old: "Line 3 (edited) of", new: "Line 3 of" }];
      const patch = { kind: "text_edits" as const, edits };
      return committed(ws, { type: "edit_artifact", artifact_id: `e${i}`, base_version: 2, patch });
    },
  );
}

async function reproposal(rounds: number, rejected = 100) {
  const ws = await fresh();
  await note(ws, "busy");
  for (let k = 0; k < rejected; k++) {
    const id = await propose(ws, "busy", 1, `old${k}`);
    await committed(ws, { type: "respond_to_proposal", proposal_id: id, decision: "reject" });
  }
  // Each round rejects what it proposed, so the busy note holds `rejected` plus the rounds so
  // far; the peer proposes on a note of its own, with none.
  const timed = async (id: string, i: number) => {
    const started = performance.now();
    const proposal = await propose(ws, id, 1, `new${i}`);
    const took = performance.now() - started;
    await committed(ws, { type: "respond_to_proposal", proposal_id: proposal, decision: "reject" });
    return took;
  };
  return alternate(
    rounds,
    (i) => timed("busy", i),
    async (i) => {
      await note(ws, `quiet_${i}`);
      return timed(`quiet_${i}`, i);
    },
  );
}

function pair(what: string, peer: string, rounds: number, m: { ours: number; peer: number }) {
  const ratio = m.ours / m.peer;
  return [
    {
      measure: what,
      value: Number((m.ours * 1000).toFixed(0)),
      unit: "µs",
      note: `median of ${rounds} after as many warm-up rounds; ${ratio.toFixed(2)}× its peer`,
    },
    {
      measure: `peer: ${peer}`,
      value: Number((m.peer * 1000).toFixed(0)),
      unit: "µs",
      note: "alternating with the line above",
    },
  ];
}

/** Runs the four measurements; one row per measure and one per peer. */
export async function benchReview(rounds = 200): Promise<BenchRow[]> {
  return [
    ...pair(
      "accept one hunk of two (respond_to_proposal with hunks)",
      "accept the whole proposal",
      rounds,
      await partialAccept(rounds),
    ),
    ...pair(
      "one respond_to_proposals of 20 accepts",
      "20 respond_to_proposal accepts, summed",
      Math.max(1, rounds / 10),
      await batch(Math.max(1, rounds / 10)),
    ),
    ...pair(
      "revert_revision of the last version",
      "the edit writing the same text back",
      rounds,
      await revert(rounds),
    ),
    ...pair(
      "a proposal on a note with 100–140 rejected proposals (the re-proposal check)",
      "a proposal on a note with none",
      20,
      await reproposal(20),
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchReview())
    console.log(`| ${r.measure} | ${r.value} | ${r.unit} | ${r.note} |`);
}
