// A reviewer's preview of a stale proposal runs the accept's merge (docs/spec.md P7, P10): a
// proposal whose changes only touch other words than the person's is shown as mergeable with the
// text that would land, and one that changes the same word shows only the lines that clash.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readCaseFile } from "../../src/conformance/case-file.ts";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { loadCaseState } from "../../src/conformance/load.ts";
import { parseActor, parseCommand } from "../../src/decide/parse.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import { previewAccept } from "../../src/proposals/preview.ts";
import { CONFORMANCE } from "../conformance/case-tests.ts";

const cases = readCaseFile(join(CONFORMANCE, "cases", "rebase.json")).cases;

/** Previews the proposal of a rebase case, in the state its command is decided in. */
function preview(name: string) {
  const testCase = cases.find((c) => c.name === name);
  if (testCase?.command === undefined) throw new Error(`no case ${name}`);
  const actor = parseActor(testCase.actor);
  const command = parseCommand(testCase.command, sequentialIds());
  if (!actor.ok || !command.ok) throw new Error(`case ${name} does not parse`);
  const registry = fixtureRegistry();
  const state = loadCaseState(command.value, actor.value, testCase.given, registry);
  const result = previewAccept("prp_e", state, { actor: actor.value, registry });
  if (!result.ok) throw new Error(`preview refused: ${result.rejection.type}`);
  return result.value;
}

describe("previewAccept with word merges", () => {
  it("shows a proposal changing other words than the person's as mergeable, with what lands", () => {
    const view = preview("changes to adjacent lines both land, where git's line merge conflicts");
    expect(view.behind).toBe(1);
    expect(view.mergeable).toBe(true);
    expect(view.conflicts).toEqual([]);
    expect(view.result).toEqual({
      title: "Plan",
      text: "Launch plan\nOwner: Bob\nDate: Monday\nTests: pending\n",
    });
  });

  it("shows only the lines where the same word was changed two ways", () => {
    const view = preview(
      "of several conflicting regions only the one with the same word changed two ways is reported",
    );
    expect(view.mergeable).toBe(false);
    expect(view.result).toBeNull();
    const [conflict] = view.conflicts;
    expect(conflict?.reason).toBe("text");
    if (conflict?.reason !== "text") return;
    expect(conflict.hunks.map((h) => [h.base.lines, h.ours.lines, h.theirs.lines])).toEqual([
      [["Ship v1 on Friday.\n"], ["Ship v1 on Saturday.\n"], ["Ship v1 on Monday.\n"]],
    ]);
  });
});
