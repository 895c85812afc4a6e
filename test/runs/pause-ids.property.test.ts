// A pause asks each tool call once: every list of requests with a repeated id is refused at
// the first repeat, every list of fresh ids is recorded, and one naming a call the run had
// answered (before a resume) is refused, so an old answer never reaches a new request.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FactSchema } from "../../src/model/event.ts";
import { RunSchema } from "../../src/model/runs.ts";
import { emptyState, type State } from "../../src/model/state.ts";
import { decideFact } from "../../src/runs/record.ts";

const running = RunSchema.parse({
  id: "run_1",
  thread_id: "thr_1",
  status: "running",
  answered: { call_old: { answer: "Monday", approved: null } },
});
const state: State = { ...emptyState(), runs: new Map([["run_1", running]]) };

const pause = (ids: readonly string[]) =>
  FactSchema.parse({
    type: "run_paused",
    run_id: "run_1",
    thread_id: "thr_1",
    requests: ids.map((id, i) => ({
      tool_call_id: id,
      tool_name: "bash",
      kind: i % 2 === 0 ? "approval" : "question",
    })),
  });

const ids = fc.array(fc.constantFrom<string>("call_a", "call_b", "call_c", "call_d", "call_e"), {
  minLength: 1,
  maxLength: 8,
});

describe("the tool call ids of a pause", () => {
  it("a repeated id is validation_failed at its second place; distinct fresh ids are recorded", () => {
    fc.assert(
      fc.property(ids, (sent) => {
        const result = decideFact(state, pause(sent));
        const repeat = sent.findIndex((id, i) => sent.indexOf(id) !== i);
        if (repeat === -1) {
          expect(result.ok && result.value.runs[0]?.pending.map((r) => r.tool_call_id)).toEqual(
            sent,
          );
          return;
        }
        expect(result).toEqual({
          ok: false,
          rejection: {
            type: "validation_failed",
            message: "invalid fact",
            errors: [
              {
                type: "duplicate_id",
                loc: ["requests", repeat, "tool_call_id"],
                msg: `tool_call_id ${sent[repeat]} is already requests[${sent.indexOf(sent[repeat] ?? "")}]'s`,
                input: sent[repeat],
              },
            ],
          },
        });
      }),
    );
  });

  it("an id the run had answered is refused wherever it stands among fresh ones", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom<string>("call_a", "call_b", "call_c")),
        fc.nat(),
        (fresh, at) => {
          const sent = [...fresh];
          sent.splice(at % (fresh.length + 1), 0, "call_old");
          expect(decideFact(state, pause(sent))).toEqual({
            ok: false,
            rejection: {
              type: "invalid_state",
              message: "deferred request call_old is already answered",
            },
          });
        },
      ),
    );
  });
});
