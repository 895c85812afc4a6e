// Answers of `{ ok: true, … } | { ok: false, … }`: what a host reads after checking `ok`, and
// what `orThrow` hands back (the success member, and only it).
import {
  type DecisionAnswerResult,
  type Envelope,
  type LaunchResult,
  type Outcome,
  orThrow,
  type Rejection,
  type Workspace,
  type WriteResult,
} from "agent-workspace";
import type { Ok, Result } from "agent-workspace/rules";
import { describe, expectTypeOf, it } from "vitest";

declare const workspace: Workspace;
declare const written: WriteResult;
declare const answered: DecisionAnswerResult;
declare const launched: LaunchResult;
declare const result: Result<{ readonly n: number }>;

describe("WriteResult", () => {
  it("is what commit and record answer", () => {
    expectTypeOf(workspace.commit).returns.resolves.toEqualTypeOf<WriteResult>();
    expectTypeOf(workspace.record).returns.resolves.toEqualTypeOf<WriteResult>();
  });

  it("has an outcome only once `ok` is checked", () => {
    // @ts-expect-error a refusal has no outcome: it cannot be read before `ok`
    written.outcome;
    expectTypeOf(written.rejection).toEqualTypeOf<Rejection | undefined>();
  });

  it("after `if (result.ok)`: the outcome, envelopes and no rejection; else the rejection", () => {
    if (written.ok) {
      expectTypeOf(written.outcome).toEqualTypeOf<Outcome>();
      expectTypeOf(written.envelopes).toEqualTypeOf<readonly Envelope[]>();
      expectTypeOf(written.repeated).toEqualTypeOf<true | undefined>();
      expectTypeOf(written.rejection).toEqualTypeOf<undefined>();
    } else {
      expectTypeOf(written.rejection).toEqualTypeOf<Rejection>();
      // @ts-expect-error a refusal wrote nothing: no envelopes
      written.envelopes;
    }
  });
});

describe("orThrow", () => {
  it("hands back the `ok: true` member of a write", () => {
    expectTypeOf(orThrow(written)).toEqualTypeOf<Extract<WriteResult, { ok: true }>>();
    expectTypeOf(orThrow(written).ok).toEqualTypeOf<true>();
    expectTypeOf(orThrow(written).outcome).toEqualTypeOf<Outcome>();
    expectTypeOf(orThrow(written).rejection).toEqualTypeOf<undefined>();
  });

  it("hands back every success of a union with several, and none of its failures", () => {
    expectTypeOf(orThrow(answered).status).toEqualTypeOf<"delivered" | "queued" | "repeat">();
    expectTypeOf(orThrow(launched)).toEqualTypeOf<Extract<LaunchResult, { ok: true }>>();
    expectTypeOf(orThrow(launched).thread_id).toBeString();
  });

  it("hands back the value of a rule's Result", () => {
    expectTypeOf(orThrow(result)).toEqualTypeOf<Ok<{ readonly n: number }>>();
    expectTypeOf(orThrow(result).value.n).toBeNumber();
  });

  it("takes only answers that say `ok`", () => {
    // @ts-expect-error not an answer: nothing says whether it went through
    orThrow({ outcome: null });
  });
});
