import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { type JsonValue, jsonEqual } from "../../src/model/json.ts";
import { JsonPatchOperationSchema } from "../../src/model/patches.ts";
import { applyJsonPatch } from "../../src/patches/json-patch.ts";

interface SuiteCase {
  readonly comment?: string;
  readonly doc: JsonValue;
  readonly patch: unknown[];
  readonly expected?: JsonValue;
  readonly error?: string;
  readonly disabled?: boolean;
}

const require = createRequire(import.meta.url);
const files = ["tests.json", "spec_tests.json"] as const;
const cases = files.flatMap((file) =>
  (require(`json-patch-test-suite/${file}`) as SuiteCase[]).map((testCase, index) => ({
    ...testCase,
    name: `${file} #${index}: ${testCase.comment ?? testCase.error ?? JSON.stringify(testCase.patch)}`,
  })),
);
const active = cases.filter((testCase) => testCase.disabled !== true);

// Schema first, as a command would be parsed: a patch our schema refuses counts as an error.
function run(testCase: SuiteCase): { ok: true; value: JsonValue } | { ok: false } {
  const ops = [];
  for (const raw of testCase.patch) {
    const parsed = JsonPatchOperationSchema.safeParse(raw);
    if (!parsed.success) return { ok: false };
    ops.push(parsed.data);
  }
  const result = applyJsonPatch(testCase.doc, ops);
  return result.ok ? { ok: true, value: result.value } : { ok: false };
}

describe("json-patch-test-suite", () => {
  it("runs every active case (91 of 95)", () => {
    expect(cases).toHaveLength(95);
    expect(active).toHaveLength(91);
  });

  it.each(active)("$name", (testCase) => {
    const outcome = run(testCase);
    if (testCase.error !== undefined) {
      expect(outcome.ok).toBe(false);
      return;
    }
    expect(outcome.ok).toBe(true);
    if (outcome.ok && testCase.expected !== undefined) {
      expect(jsonEqual(outcome.value, testCase.expected)).toBe(true);
    }
  });
});
