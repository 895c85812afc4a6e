import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Workspace } from "../../src/entries/index.ts";
import { orThrow } from "../../src/model/errors.ts";
import type { RespondToProposal } from "../../src/model/proposals.ts";
import { agent, alice, bob, fixtureWorkspace } from "./helpers.ts";

async function pending(): Promise<{ ws: Workspace; proposalId: string }> {
  const ws = fixtureWorkspace();
  await ws.commit({ type: "create_thread", thread_id: "t1" }, alice);
  await ws.commit(
    {
      type: "create_artifact",
      artifact_id: "c1",
      kind: "checklist",
      data: { items: { a: { title: "A" } } },
    },
    alice,
  );
  const proposed = await ws.commit(
    {
      type: "edit_artifact",
      artifact_id: "c1",
      base_version: 1,
      patch: { kind: "json_patch", ops: [{ op: "replace", path: "/items/a/done", value: true }] },
    },
    agent,
  );
  if (!proposed.ok || proposed.outcome.type !== "proposed") throw new Error("expected a proposal");
  return { ws, proposalId: proposed.outcome.proposal_id };
}

const answer = fc.record({
  decision: fc.constantFrom("accept" as const, "reject" as const),
  changes: fc.boolean(),
  who: fc.constantFrom(alice, bob),
});

describe("of concurrent answers, exactly one wins", () => {
  it("one answer resolves; the others get the recorded outcome (same answer) or invalid_state", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(answer, { minLength: 2, maxLength: 5 }), async (answers) => {
        const { ws, proposalId } = await pending();
        const commands = answers.map(
          ({
            decision,
            changes,
          }): Pick<RespondToProposal, "type" | "proposal_id" | "decision" | "changes"> => ({
            type: "respond_to_proposal",
            proposal_id: proposalId,
            decision,
            changes:
              changes && decision === "accept"
                ? { kind: "json_patch", ops: [{ op: "replace", path: "/title", value: "T" }] }
                : null,
          }),
        );
        const results = await Promise.all(
          commands.map((command, i) => ws.commit(command, answers[i]?.who ?? alice)),
        );
        const log = await ws.log();
        const resolutions = log.filter((e) => e.event.type === "proposal_resolved");
        expect(resolutions).toHaveLength(1);
        const winners = results.filter((r) => r.ok && r.envelopes.length > 0);
        expect(winners).toHaveLength(1);
        const winner = commands[results.findIndex((r) => r.ok && r.envelopes.length > 0)];
        results.forEach((result, i) => {
          if (result.ok && result.envelopes.length > 0) return;
          const same =
            commands[i]?.decision === winner?.decision &&
            JSON.stringify(commands[i]?.changes) === JSON.stringify(winner?.changes);
          if (same) {
            expect(orThrow(result).outcome).toMatchObject({
              type: "resolved",
              decision: winner?.decision,
            });
            expect(orThrow(result).envelopes).toEqual([]);
          } else {
            expect(result.rejection?.type).toBe("invalid_state");
          }
        });
        expect(log.filter((e) => e.event.type === "artifact_changed").length).toBe(
          winner?.decision === "accept" ? 1 : 0,
        );
      }),
      { numRuns: 60 },
    );
  });
});
