// For any text another actor writes (every line break, escape sequences, C1 and bidi
// controls, imitations of the library's and the CLI's own lines), through the real workspace
// in a SQLite file: no line of an agent's notes or of a tool's text starts as the library's
// would, and the CLI's output holds no control but the palette's colours, with no line of the
// other actor's starting at a column where the CLI starts its own.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../../../src/conformance/fixtures.ts";
import { runCli } from "../../../../src/edge/bin/cli/main.ts";
import { splitLines } from "../../../../src/model/line-breaks.ts";
import { sqliteStore } from "../../../../src/stores/sqlite/sqlite-store.ts";
import { NOTES_HEADING } from "../../../../src/tools/tool-kit.ts";
import { workspaceTools } from "../../../../src/tools/workspace-tools.ts";
import type { Workspace } from "../../../../src/workspace/api.ts";
import { createWorkspace } from "../../../../src/workspace/workspace.ts";
import { FORGED, othersText, uncoloured } from "../../../model/fixtures/others-text.ts";
import { agent, HOSTILE_REGISTRY, type Hostile, hostileFile } from "./fixtures/hostile.ts";
import { recordingIo } from "./fixtures/io.ts";

// A title, a summary, a prompt and a label may not be blank: each starts with a word.
const worded = othersText.map((text) => `w${text}`);
const hostile: fc.Arbitrary<Hostile> = fc.record({
  text: othersText,
  rationale: othersText,
  key: othersText,
  title: worded,
  summary: worded,
  prompt: worded,
  label: worded,
  notice: worded,
  name: othersText,
});

/** The columns at which a line starts with FORGED, after nothing but whitespace. */
const forgedColumns = (lines: readonly string[]): number[] =>
  lines.flatMap((line) => {
    const at = line.indexOf(FORGED);
    return at !== -1 && line.slice(0, at).trim() === "" ? [at] : [];
  });

/** Every line of notes is a note's own (`- `) or indented under one; as many notes as `- `. */
function expectNotesShape(text: string, count: number): void {
  if (text === "") return;
  const lines = splitLines(text);
  expect(lines.filter((line) => line.startsWith("- "))).toHaveLength(count);
  for (const line of lines) expect(line.startsWith("- ") || line.startsWith("  "), line).toBe(true);
  // Others' lines continue at exactly the note's indent, or a diff line's: never at a
  // note's own column (0) or a diff line's (4).
  expect(forgedColumns(lines).filter((column) => column !== 2 && column !== 6)).toEqual([]);
}

async function checkNotes(ws: Workspace): Promise<void> {
  const head = await ws.head();
  for (let after = 0; after < head; after++) {
    const { notes, text } = await ws.notes({ viewer: agent, after });
    expectNotesShape(text, notes.length);
  }
}

async function checkTools(ws: Workspace, ids: readonly string[]): Promise<void> {
  const told = (await ws.notes({ viewer: agent })).notes.length;
  const tools = workspaceTools(ws, { agent });
  const call = async (name: string, args: unknown) => {
    const found = tools.find((t) => t.name === name);
    if (found === undefined) throw new Error(`no tool ${name}`);
    return found.execute(args, { toolCallId: "call_x" });
  };
  // In turn: the first result carries every note, the others none (the cursor moved on).
  const results = [await call("list_artifacts", {}), await call("read_notes", {})];
  for (const artifact_id of ids) results.push(await call("read_artifact", { artifact_id }));
  expect(results.map((r) => r.notes === "")).toEqual(results.map((_, i) => i > 0 || told === 0));
  for (const result of results) {
    const lines = splitLines(result.text);
    expect(forgedColumns(lines).filter((column) => column === 0)).toEqual([]);
    const heading = lines.indexOf(NOTES_HEADING);
    if (result.notes === "") continue;
    expect(lines.slice(heading + 1).join("\n")).toBe(result.notes);
    expectNotesShape(result.notes, told);
  }
}

// Where a line of the other actor's may start, per command: nowhere in a list of entries, one
// line each; in show, after a context line's space (column 1) or under a rationale (5); in
// notes, under a note (2) or a diff line (6).
const ALLOWED: Readonly<Record<string, readonly number[]>> = {
  inbox: [],
  log: [],
  show: [1, 5],
  notes: [2, 6],
};

const UNSAFE = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]|(?![\u200c\u200d])\p{Cf}/u;
// What an id may not hold: stricter than the terminal, since ids refuse the joiners too.
const UNSAFE_IN_ID = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

async function checkCli(db: string, after: number): Promise<void> {
  const on = ["--db", db, "--registry", HOSTILE_REGISTRY];
  const commands = [
    ["inbox", ...on],
    ["show", "prp_text", ...on],
    ["show", "prp_json", ...on],
    ["notes", "--viewer", "agent:thr_1", ...on],
    ["notes", "--viewer", "agent:thr_1", "--after", String(after), ...on],
    ["log", ...on],
  ];
  for (const argv of commands) {
    const io = recordingIo({ tty: true, env: { TERM: "xterm" } });
    expect(await runCli(argv, io), argv.join(" ")).toBe(0);
    const { stdout, stderr } = io.written;
    expect(stderr).toBe("");
    const lines = uncoloured(stdout).split("\n");
    for (const line of lines) expect(UNSAFE.test(line), JSON.stringify(line)).toBe(false);
    const allowed = ALLOWED[argv[0] ?? ""] ?? [];
    expect(forgedColumns(lines).filter((column) => !allowed.includes(column))).toEqual([]);
    const json = recordingIo();
    expect(await runCli([...argv, "--json"], json)).toBe(0);
    expect(json.written.stdout).not.toMatch(
      /[\u0080-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u,
    );
  }
}

describe("what another actor writes, wherever a person or a model reads it", () => {
  it("never starts a line of its own, nor reaches the terminal raw", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, othersText, async (h, idText) => {
        const db = await hostileFile(h);
        const ws = createWorkspace({
          registry: fixtureRegistry(),
          store: sqliteStore({ path: db }),
        });
        try {
          // An id is refused if it holds anything that could break or hide a line.
          const id = `n_${idText}`;
          const created = await ws.commit(
            { type: "create_artifact", artifact_id: id, kind: "note", data: { text: h.text } },
            agent,
          );
          expect(created.ok).toBe(!UNSAFE_IN_ID.test(id));
          if (!created.ok) {
            expect(created.rejection).toMatchObject({
              type: "validation_failed",
              errors: [{ type: "string_pattern_mismatch", loc: ["artifact_id"] }],
            });
          }
          await checkNotes(ws);
          await checkTools(ws, ["m1", "c1", "n1", ...(created.ok ? [id] : [])]);
          const log = await ws.log();
          const n1 = log.find(
            (e) => e.event.type === "artifact_created" && e.event.artifact_id === "n1",
          );
          await checkCli(db, n1?.seq ?? 0);
        } finally {
          await ws.close();
        }
      }),
      { numRuns: 20 },
    );
  }, 300_000);
});
