import { describe, expect, it } from "vitest";
import { CaseFileError, CaseSchema, parseCaseFile } from "../../src/conformance/case-file.ts";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { loadCaseState, resolveGiven } from "../../src/conformance/load.ts";
import { runCase } from "../../src/conformance/run-case.ts";
import { parseActor, parseCommand } from "../../src/decide/parse.ts";
import { sequentialIds } from "../../src/model/ids.ts";

const alice = { kind: "user", id: "alice" };
const note = { id: "n1", kind: "note", version: 1, data: { text: "hi" }, updated_by: alice };
const options = () => ({ registry: fixtureRegistry(), newId: sequentialIds() });

function errorOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(CaseFileError);
    return (error as Error).message;
  }
  throw new Error("expected a CaseFileError");
}

describe("case files", () => {
  it("names the file, the case and the field of a malformed case", () => {
    const raw = {
      description: "d",
      cases: [
        { name: "fine", actor: alice, command: {}, expect: { rejection: {} } },
        { name: "broken", actor: alice, command: {}, expect: { outcome: {}, event: [] } },
      ],
    };
    const message = errorOf(() => parseCaseFile(raw, "x.json"));
    expect(message).toContain("x.json");
    expect(message).toContain('case "broken": expect:');
    expect(message).toContain("event");
    expect(message).not.toContain('"fine"');
  });

  it("needs exactly one of command and record", () => {
    const base = { name: "n", actor: alice, expect: { outcome: {} } };
    expect(CaseSchema.safeParse(base).success).toBe(false);
    expect(CaseSchema.safeParse({ ...base, command: {}, record: {} }).success).toBe(false);
    expect(CaseSchema.safeParse({ ...base, record: {} }).success).toBe(true);
  });

  it("needs either a rejection alone or an outcome", () => {
    const base = { name: "n", actor: alice, command: {} };
    expect(CaseSchema.safeParse({ ...base, expect: {} }).success).toBe(false);
    expect(CaseSchema.safeParse({ ...base, expect: { rejection: {}, events: [] } }).success).toBe(
      false,
    );
  });

  it("refuses two cases with one name", () => {
    const one = { name: "same", actor: alice, command: {}, expect: { outcome: {} } };
    expect(errorOf(() => parseCaseFile({ description: "", cases: [one, one] }, "f"))).toContain(
      "used by an earlier case",
    );
  });

  it("validates given artifact data against its registered type", () => {
    const testCase = CaseSchema.parse({
      name: "bad data",
      actor: alice,
      command: { type: "set_focus", thread_id: "t", artifact_ids: ["n1"] },
      given: { artifacts: [{ ...note, data: { text: 5 } }] },
      expect: { outcome: {} },
    });
    const message = errorOf(() => runCase(testCase, options()));
    expect(message).toContain('case "bad data"');
    expect(message).toContain("given.artifacts[0].data: invalid note data");
  });

  it("keeps a malformed command for the case to expect its rejection", () => {
    const testCase = CaseSchema.parse({
      name: "no type",
      actor: alice,
      command: { artifact_id: "n1" },
      expect: { rejection: { type: "validation_failed" } },
    });
    const result = runCase(testCase, options());
    expect(result.passed).toBe(true);
    expect(result.actual).toMatchObject({ rejection: { message: "invalid command" } });
  });
});

describe("loadCaseState", () => {
  it("loads what needs asks for, null for what is absent, and nothing else", () => {
    const given = CaseSchema.parse({
      name: "n",
      actor: alice,
      record: {},
      given: {
        artifacts: [note, { ...note, id: "n2" }],
        threads: [{ id: "t1" }],
        messages: ["m1"],
      },
      expect: { outcome: {} },
    }).given;
    const actor = parseActor(alice);
    const command = parseCommand(
      { type: "set_focus", thread_id: "t1", artifact_ids: ["n1", "n9"] },
      sequentialIds(),
    );
    if (!actor.ok || !command.ok) throw new Error("fixture does not parse");
    const state = loadCaseState(command.value, actor.value, given, fixtureRegistry());
    expect([...state.threads.keys()]).toEqual(["t1"]);
    expect([...state.artifacts.entries()]).toEqual([
      [
        "n1",
        {
          ...note,
          updated_by: { ...alice, name: null },
          data: { text: "hi", title: "" },
          archived: false,
        },
      ],
      ["n9", null],
    ]);
    expect(state.messages.size).toBe(0);
  });
});

describe("a given revision", () => {
  const given = (extra: object) =>
    CaseSchema.parse({
      name: "case",
      actor: alice,
      command: { type: "revert_revision", artifact_id: "n1", version: 2 },
      given: {
        artifacts: [{ ...note, version: 2 }],
        revisions: [{ artifact_id: "n1", version: 2, data: { text: "hi" }, ...extra }],
      },
      expect: { outcome: {} },
    }).given;

  it("names no proposal and reverts nothing unless it says so", () => {
    const [revision] = resolveGiven(given({}), fixtureRegistry()).revisions.values();
    expect(revision).toMatchObject({ version: 2, proposal_id: null, reverts: null });
  });

  it("names the proposal whose accept wrote it, and the version it reverted", () => {
    const store = resolveGiven(given({ proposal_id: "prp_a", reverts: 1 }), fixtureRegistry());
    const [revision] = store.revisions.values();
    expect(revision).toMatchObject({ version: 2, proposal_id: "prp_a", reverts: 1 });
  });
});
