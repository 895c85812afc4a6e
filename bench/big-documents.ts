/**
 * Big documents (`npx tsx bench/big-documents.ts [--sizes 1,10] [--rounds 3]`): CPU time of
 * accepting a proposal whose base the note has moved past (the accept rebases it, a three-way
 * merge) on 1 MB and 10 MB notes with scattered edits, against `git merge-file` on the same
 * three texts (git's process start, measured on empty files, subtracted); and applying 1,000
 * `text_edits` to a 1 MB note, in one scan against the edit-by-edit fold it replaced.
 * `npm run bench` runs it at 1 MB only (`benchBigDocuments({ sizes: [1] })`).
 */

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import { type CommandInput, createWorkspace, type Workspace } from "../src/entries/index.ts";
import type { TextEdits } from "../src/model/patches.ts";
import { applyTextEdits } from "../src/patches/text-edits.ts";
import { foldTextEdits } from "../src/patches/text-edits-fold.ts";
import { cleanGitEnv, mergeFileArgs } from "./git.ts";
import { type BenchRow, quantile } from "./stats.ts";

const person = { kind: "user", id: "alice" } as const;
const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;
const WORDS = ["plan", "budget", "review", "the", "of", "and", "week", "notes", "draft", "team"];

/** About `bytes` of distinct prose-like lines, about 38 bytes each. */
function note(bytes: number): string[] {
  const lines: string[] = [];
  for (let i = 0, size = 0; size < bytes; i += 1) {
    const words = Array.from({ length: 4 }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]);
    const line = `Item ${i}: ${words.join(" ")}.\n`;
    lines.push(line);
    size += line.length;
  }
  return lines;
}

/** Mulberry32, seeded: the same documents on every run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `lines` with one line of each hundred rewritten by `who`, at a random place in the half of
 * the hundred `half` names (0 or 1): the two sides never touch, so the accept merges cleanly,
 * and the unchanged runs between edits vary in length as real edits' do.
 */
function edited(lines: readonly string[], half: 0 | 1, who: string): string {
  const next = random(lines.length * 2 + half);
  const out = [...lines];
  for (let block = 0; block + 100 <= lines.length; block += 100) {
    const at = block + half * 50 + 5 + Math.floor(next() * 40);
    out[at] = `${who} rewrote line ${at}.\n`;
  }
  return out.join("");
}

function cpu(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** CPU ms of finished children (cutime + cstime, 10 ms ticks). */
function childCpu(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

async function commit(
  ws: Workspace,
  command: CommandInput,
  actor: CommandInput["type"] extends string ? typeof person | typeof agent : never,
) {
  const done = await ws.commit(command, actor);
  if (!done.ok) throw new Error(done.rejection.message);
  return done;
}

/** A note at `base`, an agent's proposal to make it `ours`, then a person's edit to `theirs`. */
async function staged(
  base: string,
  ours: string,
  theirs: string,
): Promise<{ ws: Workspace; id: string }> {
  const ws = createWorkspace({
    registry: fixtureRegistry(),
    limits: { maxDepth: 64, maxBytes: 256 * 1024 * 1024 },
  });
  await commit(ws, { type: "create_thread", thread_id: "t1" }, person);
  const data = { title: "big", text: base };
  await commit(ws, { type: "create_artifact", artifact_id: "n", kind: "note", data }, person);
  const replace = (text: string) => ({
    kind: "json_patch" as const,
    ops: [{ op: "replace" as const, path: "/text", value: text }],
  });
  const change = {
    type: "edit_artifact" as const,
    artifact_id: "n",
    base_version: 1,
    patch: replace(ours),
  };
  const proposed = await commit(ws, { type: "propose_change", change }, agent);
  if (proposed.outcome.type !== "proposed") throw new Error("expected a proposal");
  await commit(
    ws,
    { type: "edit_artifact", artifact_id: "n", base_version: 1, patch: replace(theirs) },
    person,
  );
  return { ws, id: proposed.outcome.proposal_id };
}

/**
 * CPU ms of one `git merge-file` of the three texts, minus that of one on empty files. The
 * kernel counts children's CPU in 10 ms ticks, so each figure is the mean of many runs.
 */
function gitCpu(dir: string, base: string, ours: string, theirs: string): number {
  const env = { ...process.env, ...cleanGitEnv(dir) };
  const args = [...mergeFileArgs({ ours: "ours", base: "base", theirs: "theirs" })];
  const mean = (texts: readonly [string, string, string], runs: number): number => {
    const files = ["o", "b", "t"].map((name, k) => {
      writeFileSync(join(dir, name), texts[k] ?? "");
      return join(dir, name);
    });
    const before = childCpu();
    for (let i = 0; i < runs; i += 1) {
      const done = spawnSync("git", [...args, ...files], { env, maxBuffer: 1 << 30 });
      if (done.status === null || done.status > 127) throw new Error("git merge-file failed");
    }
    return (childCpu() - before) / runs;
  };
  const runs = base.length < 4 << 20 ? 20 : 5;
  return mean([ours, base, theirs], runs) - mean(["", "", ""], 40);
}

async function acceptCpu(
  base: string,
  ours: string,
  theirs: string,
  rounds: number,
): Promise<{ accept: number; preview: number }> {
  const accepts: number[] = [];
  const previews: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const { ws, id } = await staged(base, ours, theirs);
    let before = cpu();
    const preview = await ws.previewProposal(id);
    previews.push(cpu() - before);
    if (!preview.ok || !preview.value.mergeable) throw new Error("expected a clean preview");
    before = cpu();
    await commit(ws, { type: "respond_to_proposal", proposal_id: id, decision: "accept" }, person);
    accepts.push(cpu() - before);
  }
  return { accept: quantile(accepts, 0.5), preview: quantile(previews, 0.5) };
}

/** 1,000 `text_edits` on a 1 MB note: the one scan against the edit-by-edit fold. */
function thousandEdits(): BenchRow {
  const lines = note(1 << 20);
  const text = lines.join("");
  const step = Math.floor(lines.length / 1000);
  const edits = Array.from({ length: 1000 }, (_, k) => ({
    old: `Item ${k * step}:`,
    new: `Entry ${k * step}:`,
  }));
  const patch: TextEdits = { kind: "text_edits", field: "text", edits };
  const time = (run: () => unknown) => {
    const before = cpu();
    run();
    return cpu() - before;
  };
  const scan = quantile(
    Array.from({ length: 5 }, () => time(() => applyTextEdits({ text }, patch))),
    0.5,
  );
  const fold = quantile(
    Array.from({ length: 3 }, () => time(() => foldTextEdits(text, edits))),
    0.5,
  );
  return {
    measure: "1,000 text_edits on 1 MB, one scan",
    value: Math.round(scan),
    unit: "ms CPU",
    note: `the edit-by-edit fold it replaced: ${fold.toFixed(0)} ms CPU`,
  };
}

/** The goal for accept at `mb` megabytes, in multiples of git merge-file (ADR 0056). */
const acceptGoal = (mb: number): number => (mb >= 10 ? 3 : 2);

/** Accept and preview of a stale proposal on an `mb` MB note, against git merge-file. */
async function bigNote(dir: string, mb: number, rounds: number): Promise<BenchRow[]> {
  const lines = note(mb << 20);
  const [base, ours, theirs] = [
    lines.join(""),
    edited(lines, 0, "ours"),
    edited(lines, 1, "theirs"),
  ];
  const git = gitCpu(dir, base, ours, theirs);
  const { accept, preview } = await acceptCpu(base, ours, theirs, rounds);
  const goal = acceptGoal(mb);
  const of = `${mb} MB (${lines.length} lines)`;
  const against = `git merge-file ${git.toFixed(0)} ms CPU`;
  return [
    {
      measure: `accept, ${of}`,
      value: Number((accept / git).toFixed(1)),
      unit: "× git",
      note: `${accept.toFixed(0)} ms CPU, ${against}; goal ≤ ${goal}×: ${accept / git <= goal ? "yes" : "NO"}`,
    },
    {
      measure: `preview, ${of}`,
      value: Number((preview / git).toFixed(1)),
      unit: "× git",
      note: `${preview.toFixed(0)} ms CPU, ${against}`,
    },
  ];
}

/** Options of {@link benchBigDocuments}. */
export interface BigDocumentsOptions {
  /** Note sizes in MB (default 1 and 10). */
  readonly sizes?: readonly number[];
  /** Rounds per size, the median taken (default 3; at most 2 at 10 MB and more). */
  readonly rounds?: number;
}

/** Runs the measurements: the 1,000 edits, then accept and preview at each size. */
export async function benchBigDocuments(options: BigDocumentsOptions = {}): Promise<BenchRow[]> {
  const { sizes = [1, 10], rounds = 3 } = options;
  const rows = [thousandEdits()];
  const dir = mkdtempSync(join(tmpdir(), "big-documents-"));
  try {
    for (const mb of sizes) {
      rows.push(...(await bigNote(dir, mb, mb >= 10 ? Math.min(rounds, 2) : rounds)));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, fallback: string) => {
    const at = process.argv.indexOf(name);
    return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
  };
  const sizes = arg("--sizes", "1,10").split(",").map(Number);
  const rounds = Number(arg("--rounds", "3"));
  for (const r of await benchBigDocuments({ sizes, rounds })) {
    console.log(`| ${r.measure} | ${r.value} | ${r.unit} | ${r.note} |`);
  }
}
