// The unions a host switches on end exhaustively: a switch on `type` that names every member
// compiles down to `never`, and one that leaves a member out does not (pinned with
// `@ts-expect-error`, so the day it compiles, this file fails). The member lists are pinned
// too: a new outcome or rejection is a change every host's switch has to hear of.
import type { Outcome, Rejection } from "agent-workspace";
import { describe, expectTypeOf, it } from "vitest";

/** What a host's exhaustive switch ends with. */
function assertNever(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}

describe("Outcome", () => {
  it("has six members, told apart by `type`", () => {
    expectTypeOf<Outcome["type"]>().toEqualTypeOf<
      "applied" | "proposed" | "resolved" | "commented" | "recorded" | "batch"
    >();
    expectTypeOf<Extract<Outcome, { type: "applied" }>>().toEqualTypeOf<{
      type: "applied";
      seq: number | null;
      artifact_id: string;
      version: number;
    }>();
    expectTypeOf<Extract<Outcome, { type: "resolved" }>["decision"]>().toEqualTypeOf<
      "accept" | "reject"
    >();
  });

  it("narrows to never once every member is handled", () => {
    const said = (outcome: Outcome): string => {
      switch (outcome.type) {
        case "applied":
          return `${outcome.artifact_id} v${outcome.version}`;
        case "proposed":
          return outcome.proposal_id;
        case "resolved":
          return `${outcome.decision} ${outcome.version ?? "-"}`;
        case "commented":
          return outcome.comment_id;
        case "recorded":
          return outcome.run_id ?? "";
        case "batch":
          return `${outcome.items.length}`;
        default:
          return assertNever(outcome);
      }
    };
    expectTypeOf(said).returns.toEqualTypeOf<string>();
  });

  it("does not with a member left out", () => {
    const said = (outcome: Outcome): string => {
      switch (outcome.type) {
        case "applied":
        case "proposed":
        case "commented":
        case "recorded":
          return outcome.type;
        default:
          // @ts-expect-error `resolved` is left: the outcome is not `never` here
          return assertNever(outcome);
      }
    };
    expectTypeOf(said).parameter(0).toEqualTypeOf<Outcome>();
  });
});

describe("Rejection", () => {
  it("has the thirteen codes, told apart by `type`, each with its message", () => {
    expectTypeOf<Rejection["type"]>().toEqualTypeOf<
      | "version_conflict"
      | "validation_failed"
      | "patch_failed"
      | "not_found"
      | "forbidden"
      | "invalid_state"
      | "unsupported_protocol"
      | "conflict"
      | "invalid_placement"
      | "unknown_decision"
      | "stale_decision"
      | "already_started"
      | "stale_hunks"
    >();
    expectTypeOf<Rejection["message"]>().toEqualTypeOf<string>();
    expectTypeOf<Extract<Rejection, { type: "version_conflict" }>>().toEqualTypeOf<{
      type: "version_conflict";
      message: string;
      artifact_id: string;
      base: number;
      head: number;
    }>();
    expectTypeOf<Extract<Rejection, { type: "stale_decision" }>["reason"]>().toEqualTypeOf<
      "superseded" | "user_input" | "expired" | "scope_ended" | "transport_lost"
    >();
  });

  it("narrows to never once every code is handled, each to its details", () => {
    const details = (rejection: Rejection): string => {
      switch (rejection.type) {
        case "version_conflict":
          return `${rejection.artifact_id} ${rejection.base}..${rejection.head}`;
        case "validation_failed":
          return rejection.errors.map((e) => e.loc.join(".")).join(", ");
        case "patch_failed":
        case "invalid_state":
        case "unsupported_protocol":
          return rejection.message;
        case "not_found":
          return `${rejection.entity} ${rejection.id}`;
        case "forbidden":
          return rejection.action ?? "";
        case "conflict":
          return `${rejection.proposal_id}: ${rejection.conflicts.length}`;
        case "invalid_placement":
          return `${rejection.field}: ${rejection.reason}`;
        case "unknown_decision":
          return rejection.current_id ?? rejection.decision_id;
        case "stale_decision":
          return rejection.reason;
        case "already_started":
          return rejection.thread_id;
        case "stale_hunks":
          return rejection.hunk_ids.join(", ");
        default:
          return assertNever(rejection);
      }
    };
    expectTypeOf(details).returns.toEqualTypeOf<string>();
  });

  it("does not with a code left out", () => {
    const details = (rejection: Rejection): string => {
      switch (rejection.type) {
        case "version_conflict":
        case "validation_failed":
        case "patch_failed":
        case "not_found":
        case "forbidden":
        case "invalid_state":
        case "unsupported_protocol":
        case "conflict":
        case "invalid_placement":
        case "unknown_decision":
        case "stale_decision":
          return rejection.message;
        default:
          // @ts-expect-error `already_started` is left: the rejection is not `never` here
          return assertNever(rejection);
      }
    };
    expectTypeOf(details).parameter(0).toEqualTypeOf<Rejection>();
  });
});
