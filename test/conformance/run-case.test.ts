import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type CaseInput, CaseSchema } from "../../src/conformance/case-file.ts";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { runCase } from "../../src/conformance/run-case.ts";
import { defineArtifactType } from "../../src/model/artifact-type.ts";
import { sequentialIds } from "../../src/model/ids.ts";
import type { JsonObject } from "../../src/model/json.ts";
import { createRegistry } from "../../src/model/registry.ts";

const alice = { kind: "user", id: "alice" };
const post = { type: "post_message", thread_id: "t1", message_id: "m1", content: "hi" };
const given = { threads: [{ id: "t1" }] };

function run(input: Omit<CaseInput, "name" | "actor">, registry = fixtureRegistry()) {
  const testCase = CaseSchema.parse({ name: "case", actor: alice, ...input });
  return runCase(testCase, { registry, newId: sequentialIds() });
}

describe("runCase", () => {
  it("dumps every part of a success, defaults included", () => {
    const result = run({ command: post, given, expect: { outcome: { type: "recorded" } } });
    expect(result.passed).toBe(true);
    expect(result.actual).toEqual({
      outcome: { type: "recorded", seq: null, run_id: null },
      events: [
        {
          type: "message_posted",
          thread_id: "t1",
          message_id: "m1",
          content: "hi",
          run_id: null,
          kind: "message",
        },
      ],
      artifacts: [],
      revisions: [],
      proposals: [],
      threads: [],
      runs: [],
      messages: ["m1"],
    });
  });

  it("fails a success when a rejection was expected", () => {
    const result = run({ command: post, given, expect: { rejection: { type: "not_found" } } });
    expect(result.passed).toBe(false);
    expect(result.differences).toEqual([
      {
        path: "$.rejection",
        expected: { type: "not_found" },
        actual: { type: "recorded", seq: null, run_id: null },
        problem: "expected_rejection",
      },
    ]);
  });

  it("fails a rejection when an outcome was expected", () => {
    const result = run({ command: post, expect: { outcome: {} } });
    expect(result.differences).toMatchObject([
      { path: "$.outcome", actual: { type: "not_found", id: "t1" }, problem: "expected_outcome" },
    ]);
  });

  it("compares messages exactly, and other lists only where expected", () => {
    const result = run({ command: post, given, expect: { outcome: {}, messages: [] } });
    expect(result.differences).toEqual([
      { path: "$.messages", expected: [], actual: ["m1"], problem: "not_equal" },
    ]);
  });

  it("makes a parse failure of the actor or the command the case's rejection", () => {
    const badActor = CaseSchema.parse({
      name: "case",
      actor: { kind: "robot" },
      command: post,
      expect: { rejection: { type: "validation_failed", message: "invalid actor" } },
    });
    expect(runCase(badActor, { registry: fixtureRegistry(), newId: sequentialIds() }).passed).toBe(
      true,
    );
    const badCommand = run({
      command: { ...post, content: "" },
      expect: { rejection: { type: "validation_failed", message: "invalid command" } },
    });
    expect(badCommand.passed).toBe(true);
  });

  it("fills the ids a command leaves out from the id source", () => {
    const { message_id: _, ...withoutId } = post;
    const result = run({ command: withoutId, given, expect: { outcome: {}, messages: ["msg_1"] } });
    expect(result.passed).toBe(true);
  });

  it("reports a decision that throws as a failure instead of crashing the run", () => {
    // A schema that does not produce an object is a definition bug the core throws on.
    const broken = defineArtifactType({
      kind: "broken",
      // (Handed over as the object schema it claims to be.)
      schema: z.unknown().transform(() => 1) as unknown as z.ZodType<JsonObject>,
      writePolicy: "direct",
    });
    const result = run(
      {
        command: { type: "create_artifact", artifact_id: "b1", kind: "broken", data: {} },
        expect: { outcome: {} },
      },
      createRegistry({ artifactTypes: [broken] }),
    );
    expect(result.passed).toBe(false);
    expect(result.actual).toEqual({ error: expect.stringMatching(/^WorkspaceError: /) });
    expect(result.differences).toMatchObject([{ path: "$", problem: "threw" }]);
  });
});
