// The browser client's answers: a commit's outcome or rejection, told apart by `ok`.
import type { Outcome, Rejection } from "agent-workspace";
import {
  type ClientCommitResult,
  type ClientOptions,
  createClient,
  type WorkspaceClient,
} from "agent-workspace/client";
import { describe, expectTypeOf, it } from "vitest";

declare const client: WorkspaceClient;
declare const committed: ClientCommitResult;

describe("the client", () => {
  it("is made from a URL, and nothing else required", () => {
    expectTypeOf(createClient).parameters.toEqualTypeOf<[options: ClientOptions]>();
    expectTypeOf(createClient).returns.toEqualTypeOf<WorkspaceClient>();
    expectTypeOf(createClient).toBeCallableWith({ url: "https://example.com/api/workspace" });
    // @ts-expect-error the transports are `sse` and `websocket`
    createClient({ url: "https://example.com/api/workspace", transport: "polling" });
  });

  it("answers a commit and a stop with a ClientCommitResult", () => {
    expectTypeOf(client.commit).returns.resolves.toEqualTypeOf<ClientCommitResult>();
    expectTypeOf(client.stopRun).returns.resolves.toEqualTypeOf<ClientCommitResult>();
  });

  it("has the outcome after `ok`, the rejection otherwise, and neither before", () => {
    // @ts-expect-error a refusal has no outcome: check `ok` first
    committed.outcome;
    if (committed.ok) {
      expectTypeOf(committed.outcome).toEqualTypeOf<Outcome>();
      expectTypeOf(committed.rejection).toEqualTypeOf<undefined>();
    } else {
      expectTypeOf(committed.rejection).toEqualTypeOf<Rejection>();
    }
  });

  it("has the shape of the workspace's own answer, the outcome and the rejection", () => {
    expectTypeOf<Extract<ClientCommitResult, { ok: true }>>().toEqualTypeOf<{
      readonly ok: true;
      readonly outcome: Outcome;
      readonly rejection?: never;
    }>();
    expectTypeOf<Extract<ClientCommitResult, { ok: false }>>().toEqualTypeOf<{
      readonly ok: false;
      readonly rejection: Rejection;
    }>();
  });
});
