// A preview asks the accept for no landed diff (ADR 0056): everything else the accept answers
// must be what it answers when asked for one, on every rebase case that names a proposal.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readCaseFile } from "../../src/conformance/case-file.ts";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { loadCaseState } from "../../src/conformance/load.ts";
import { parseActor, parseCommand } from "../../src/decide/parse.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import { proposalIn } from "../../src/model/state.ts";
import { acceptProposal } from "../../src/proposals/accept.ts";
import { CONFORMANCE } from "../conformance/case-tests.ts";

const cases = readCaseFile(join(CONFORMANCE, "cases", "rebase.json")).cases;

describe("acceptProposal without the landed diff", () => {
  it("answers as with it, the landed diff aside", () => {
    let compared = 0;
    let withDiff = 0;
    for (const testCase of cases) {
      if (testCase.command === undefined) continue;
      const actor = parseActor(testCase.actor);
      const command = parseCommand(testCase.command, sequentialIds());
      if (!actor.ok || !command.ok || command.value.type !== "respond_to_proposal") continue;
      const registry = fixtureRegistry();
      const state = loadCaseState(command.value, actor.value, testCase.given, registry);
      const proposal = proposalIn(state, command.value.proposal_id);
      if (proposal === null) continue;
      const context = { actor: actor.value, registry, now: "2026-12-04T00:00:00Z" };
      const full = acceptProposal(context, state, proposal, command.value);
      const lean = acceptProposal(context, state, proposal, command.value, { landedDiff: false });
      if (full.ok && lean.ok) {
        if (full.value.landedDiff !== null) withDiff += 1;
        expect(lean.value.landedDiff).toBeNull();
        expect({ ...lean.value, landedDiff: full.value.landedDiff }).toEqual(full.value);
      } else {
        expect(lean).toEqual(full);
      }
      compared += 1;
    }
    // The cases must reach both kinds of accept, or this checks nothing.
    expect(compared).toBeGreaterThan(5);
    expect(withDiff).toBeGreaterThan(0);
  });
});
