import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readCaseFile } from "../../src/conformance/case-file.ts";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { runCase } from "../../src/conformance/run-case.ts";
import { type IdSource, sequentialIds } from "../../src/model/ids.ts";
import { type JsonValue, jsonEqual } from "../../src/model/json.ts";

// For every case, our full dump must equal what the original printed, not just the subset a
// case asserts. Two kinds of difference are expected and normalized; each case that needs one
// is listed below, and a case that needs one without being listed (or the other way round)
// fails, so no new difference can hide behind them.

type Exception = "generated id" | "JSON patch wording";

const EXCEPTIONS: Readonly<Record<string, readonly Exception[]>> = {
  // The JSON patch library's own words after the shared prefix.
  "artifacts: a JSON patch that does not apply fails": ["JSON patch wording"],
  "artifacts: a proposal must apply when it is made": ["JSON patch wording"],
  // The inner change of a `propose_change` leaves out its `proposal_id`, which parsing fills.
  "proposals: a person proposes a new artifact": ["generated id"],
  "proposals: a person proposes archiving": ["generated id"],
};

// `[file stem, case name]` of the cases whose JSON patch failure is worded by the library.
const PATCH_WORDING_CASES = Object.entries(EXCEPTIONS)
  .filter(([, kinds]) => kinds.includes("JSON patch wording"))
  .map(([label]): [string, string] => {
    const at = label.indexOf(": ");
    return [label.slice(0, at), label.slice(at + 2)];
  });

// Fields we add to what the original dumps (stricter rules, provenance): removed from our dump
// before comparing. Nothing else may differ.
const ADDITIONS: Readonly<Record<string, readonly string[]>> = {
  proposals: [
    "created_at",
    "expires_at",
    "resolution",
    "comments",
    "changes_requested",
    "revises",
    "reproposal_of",
  ],
  revisions: ["reverts"],
  runs: ["answered", "decision", "resume"],
  threads: [
    "status",
    "proposed_by",
    "offered",
    "offers",
    "starting",
    "draft",
    "modes",
    "model",
    "launch",
    "grants",
    "side",
    "side_until",
    "decision",
  ],
  "event:thread_created": ["proposed_by"],
  "event:artifact_changed": ["reverts", "reverted"],
  "event:proposal_created": ["expires_at", "revises", "reproposal_of"],
  "event:proposal_resolved": [
    "base_version",
    "surface",
    "rebased_from",
    "already_present",
    "landed_diff",
    "hunk_ids",
    "hunks",
  ],
  "event:deferred_answered": ["surface"],
  "event:run_paused": ["resume"],
  // Who may do what names the refused action and the actor's kind.
  "rejection:forbidden": ["action", "actor_kind"],
};

// Cases whose expectation the stricter rules change on purpose (conformance/DEVIATIONS.md).
const DEVIATIONS = [
  "proposals: an accepted edit is rebased onto a newer version",
  "proposals: an accepted edit that no longer applies fails",
];

function without(item: JsonValue, keys: readonly string[] | undefined): JsonValue {
  if (keys === undefined || item === null || typeof item !== "object" || Array.isArray(item))
    return item;
  return Object.fromEntries(Object.entries(item).filter(([key]) => !keys.includes(key)));
}

function withoutAdditions(dump: JsonValue): JsonValue {
  if (dump === null || typeof dump !== "object" || Array.isArray(dump)) return dump;
  const list = (key: string, pick: (item: JsonValue) => readonly string[] | undefined) =>
    Array.isArray(dump[key]) ? { [key]: dump[key].map((item) => without(item, pick(item))) } : {};
  const eventType = (item: JsonValue) =>
    item !== null && typeof item === "object" && !Array.isArray(item) ? String(item.type) : "";
  const rejection = dump.rejection;
  return {
    ...dump,
    ...(rejection === undefined
      ? {}
      : { rejection: without(rejection, ADDITIONS[`rejection:${eventType(rejection)}`]) }),
    ...list("events", (item) => ADDITIONS[`event:${eventType(item)}`]),
    ...list("proposals", () => ADDITIONS.proposals),
    ...list("revisions", () => ADDITIONS.revisions),
    ...list("runs", () => ADDITIONS.runs),
    ...list("threads", () => ADDITIONS.threads),
  };
}

const dir = join(import.meta.dirname, "..", "..", "conformance", "artifactr");
const observed = JSON.parse(readFileSync(join(dir, "observed-outputs.json"), "utf8")) as Record<
  string,
  ({ name: string } & Record<string, JsonValue>)[]
>;

const PATCH_PREFIX = "the JSON patch does not apply: ";
// The original generates `{prefix}_` and 16 lowercase hex digits.
const ORIGINAL_ID = /^(art|thr|run|prp|msg)_[0-9a-f]{16}$/;

/** Replaces strings `rewrite` maps, noting which kind of exception each replacement was. */
function normalize(
  value: JsonValue,
  rewrite: (text: string) => [string, Exception] | null,
  used: Set<Exception>,
): JsonValue {
  if (typeof value === "string") {
    const rewritten = rewrite(value);
    if (rewritten === null) return value;
    used.add(rewritten[1]);
    return rewritten[0];
  }
  if (Array.isArray(value)) return value.map((item) => normalize(item, rewrite, used));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, normalize(item, rewrite, used)]),
    );
  }
  return value;
}

function patchWording(text: string): [string, Exception] | null {
  if (!text.startsWith(PATCH_PREFIX) || text.length === PATCH_PREFIX.length) return null;
  return [`${PATCH_PREFIX}<library error>`, "JSON patch wording"];
}

function originalRewrite(text: string): [string, Exception] | null {
  const id = ORIGINAL_ID.exec(text);
  return id === null ? patchWording(text) : [`${id[1]}_<generated>`, "generated id"];
}

/** An id source that remembers what it issued, so only ids we generated are normalized. */
function trackedIds(): { newId: IdSource; issued: Map<string, string> } {
  const inner = sequentialIds();
  const issued = new Map<string, string>();
  return {
    issued,
    newId: (prefix) => {
      const id = inner(prefix);
      issued.set(id, prefix);
      return id;
    },
  };
}

const files = ["artifacts", "feedback", "proposals", "runs", "threads"];

describe("our dumps equal the original's observed outputs", () => {
  it("covers every case of every file, in order", () => {
    expect(Object.keys(observed).sort()).toEqual(files);
    for (const stem of files) {
      const names = readCaseFile(join(dir, `${stem}.json`)).cases.map((c) => c.name);
      expect(observed[stem]?.map((entry) => entry.name)).toEqual(names);
    }
  });

  it("lists exactly the deviating cases of conformance/DEVIATIONS.md", () => {
    const deviations = readFileSync(join(dir, "..", "DEVIATIONS.md"), "utf8");
    const listed = [...deviations.matchAll(/^\| `(\w+)\.json` \| (.+?) *\|/gm)].map(
      (m) => `${m[1]}: ${m[2]}`,
    );
    expect(listed.sort()).toEqual([...DEVIATIONS].sort());
  });

  it("lists only exceptions for cases that exist", () => {
    const all = files.flatMap((stem) =>
      readCaseFile(join(dir, `${stem}.json`)).cases.map((c) => `${stem}: ${c.name}`),
    );
    expect(all).toEqual(expect.arrayContaining(Object.keys(EXCEPTIONS)));
  });

  for (const stem of files) {
    const cases = readCaseFile(join(dir, `${stem}.json`)).cases;
    cases.forEach((testCase, i) => {
      const label = `${stem}: ${testCase.name}`;
      it(label, () => {
        const { name, ...original } = observed[stem]?.[i] ?? { name: "" };
        expect(name).toBe(testCase.name);
        const { newId, issued } = trackedIds();
        const ours = runCase(testCase, { registry: fixtureRegistry(), newId }).actual;

        const usedByOriginal = new Set<Exception>();
        const usedByUs = new Set<Exception>();
        const theirs = normalize(original, originalRewrite, usedByOriginal);
        const mine = normalize(
          withoutAdditions(ours as JsonValue),
          (text) => {
            const prefix = issued.get(text);
            return prefix === undefined
              ? patchWording(text)
              : [`${prefix}_<generated>`, "generated id"];
          },
          usedByUs,
        );

        if (DEVIATIONS.includes(label)) {
          expect(jsonEqual(mine, theirs)).toBe(false);
          return;
        }
        expect(mine).toEqual(theirs);
        expect(jsonEqual(mine, theirs)).toBe(true);
        // Each exception shows up on both sides, and exactly where it is documented.
        const expected = [...(EXCEPTIONS[label] ?? [])].sort();
        expect([...usedByOriginal].sort()).toEqual(expected);
        expect([...usedByUs].sort()).toEqual(expected);
      });
    });
  }

  it("words the JSON patch failure after the original's prefix, naming the missing member", () => {
    expect(PATCH_WORDING_CASES).toHaveLength(2);
    for (const [stem, name] of PATCH_WORDING_CASES) {
      const testCase = readCaseFile(join(dir, `${stem}.json`)).cases.find((c) => c.name === name);
      if (testCase === undefined) throw new Error(`no case ${name}`);
      const ours = runCase(testCase, { registry: fixtureRegistry(), newId: sequentialIds() });
      const original = observed[stem]?.find((entry) => entry.name === name)?.rejection as
        | { message?: unknown }
        | undefined;
      // The original ends with the missing member in quotes: "… object 'missing'".
      const missing = /'([^']+)'$/.exec(String(original?.message))?.[1];
      expect(missing).toBeDefined();
      expect(ours.actual).toEqual({
        rejection: {
          type: "patch_failed",
          message: expect.stringMatching(new RegExp(`^${PATCH_PREFIX}.*/${missing}\\b`)),
        },
      });
    }
  });
});
