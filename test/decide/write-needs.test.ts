// What a direct write needs loaded: a person's (or the system's) never becomes a proposal, so
// it needs its artifact and thread only; an agent's may, so it needs what a proposal touches,
// the proposal id it would take among them.
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { needs } from "../../src/decide/needs.ts";
import { parseCommand } from "../../src/decide/parse.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import { emptyState } from "../../src/model/state.ts";

const edit = {
  type: "edit_artifact",
  artifact_id: "n1",
  proposal_id: "prp_1",
  base_version: 1,
  patch: { kind: "json_patch", ops: [{ op: "replace", path: "/text", value: "b" }] },
};

function needsOf(actor: Parameters<typeof needs>[2]) {
  const parsed = parseCommand(edit, sequentialIds());
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  return needs(parsed.value, emptyState(), actor, fixtureRegistry());
}

describe("what a direct write needs", () => {
  it("for a person: its artifact and thread, not whether a proposal id is free", () => {
    const wanted = needsOf({ kind: "user", id: "alice", name: null });
    expect(wanted.artifacts).toEqual(["n1"]);
    expect(wanted.proposals).toEqual([]);
  });

  it("for an agent: the proposal id its write would take as well", () => {
    const wanted = needsOf({ kind: "agent", thread_id: "t1", run_id: null, name: "writer" });
    expect(wanted.artifacts).toEqual(["n1"]);
    expect(wanted.threads).toEqual(["t1"]);
    expect(wanted.proposals).toEqual(["prp_1"]);
  });
});
