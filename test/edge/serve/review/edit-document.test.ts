// What `accept --edit` opens and how a saved text becomes the changes: one text field as plain
// text, anything else as JSON; merged, or with git's markers where it conflicts.
import { describe, expect, it } from "vitest";
import {
  changesTo,
  cleanDocument,
  conflictDocument,
  prettyJson,
  readBack,
} from "../../../../src/edge/serve/review/edit-document.ts";
import type { ProposalPreview } from "../../../../src/proposals/preview.ts";

const preview = (conflicts: ProposalPreview["conflicts"] = []): ProposalPreview => ({
  proposal_id: "p1",
  artifact_id: "a1",
  status: "pending",
  behind: 1,
  mergeable: conflicts.length === 0,
  conflicts,
  result: null,
  diff: null,
  already_present: false,
  blocked: null,
  hunks: [],
});

describe("the document an accept --edit opens", () => {
  it("is the one text field a proposal changes, as plain text; saved, it lands in that field", () => {
    const current = { text: "a\nb\n", title: "T" };
    const doc = cleanDocument({ text: "a\nB\n", title: "T" }, current, 4);
    expect(doc).toMatchObject({ field: "text", text: "a\nB\n", baseVersion: 4 });
    const back = readBack(doc, "a\nBB\n");
    expect(back).toEqual({ ok: true, data: { text: "a\nBB\n", title: "T" } });
    if (!back.ok) return;
    expect(changesTo(doc, back.data)).toEqual({
      kind: "json_patch",
      ops: [{ op: "replace", path: "/text", value: "a\nBB\n" }],
    });
  });

  it("drops the final newline an editor adds to a text offered without one", () => {
    const doc = cleanDocument({ text: "one line" }, { text: "one" }, 2);
    expect(readBack(doc, "one line, edited\n")).toEqual({
      ok: true,
      data: { text: "one line, edited" },
    });
  });

  it("is the whole data as JSON (keys sorted) when more than one field changes", () => {
    const result = { title: "New", done: true, text: "x" };
    const doc = cleanDocument(result, { title: "Old", done: false, text: "x" }, 2);
    expect(doc.field).toBeNull();
    expect(doc.text).toBe(prettyJson(result));
    expect(doc.text.startsWith('{\n  "done": true,\n  "text": "x",\n  "title": "New"\n}')).toBe(
      true,
    );
    expect(readBack(doc, '{"title": "Newer", "done": true, "text": "x"}')).toEqual({
      ok: true,
      data: { title: "Newer", done: true, text: "x" },
    });
    expect(readBack(doc, "{ not json")).toMatchObject({
      ok: false,
      refusal: { type: "invalid_json" },
    });
    expect(readBack(doc, "[1]")).toMatchObject({ ok: false, refusal: { type: "invalid_json" } });
  });

  it("holds git's markers where a text field conflicts, the rest as it is now", () => {
    const sides = {
      base: { text: "Launch: Friday.\nBudget: 10.\n", title: "Plan" },
      current: { text: "Launch: Wednesday.\nBudget: 10.\n", title: "Plan" },
      proposed: { text: "Launch: Tuesday.\nBudget: 10.\n", title: "Plan" },
    };
    const doc = conflictDocument(sides, preview([{ reason: "both_changed", path: "/text" }]), 2);
    expect(doc).toMatchObject({ field: "text", baseVersion: 2, rest: sides.current });
    expect(doc.text).toBe(
      "<<<<<<< current\nLaunch: Wednesday.\n||||||| base\nLaunch: Friday.\n=======\nLaunch: Tuesday.\n>>>>>>> proposed\nBudget: 10.\n",
    );
    const left = readBack(doc, doc.text.replace("Budget: 10.", "Budget: 11."));
    expect(left).toMatchObject({ ok: false, refusal: { type: "conflict_markers", line: 1 } });
    expect(readBack(doc, "Title\n=======\n")).toMatchObject({ ok: true });
  });

  it("is the JSON of the three versions merged line by line when several fields conflict", () => {
    const sides = {
      base: { title: "A", count: 1 },
      current: { title: "B", count: 2 },
      proposed: { title: "C", count: 3 },
    };
    const conflicts = [
      { reason: "both_changed" as const, path: "/title", base: "A", ours: "B", theirs: "C" },
      { reason: "both_changed" as const, path: "/count", base: 1, ours: 2, theirs: 3 },
    ];
    const doc = conflictDocument(sides, preview(conflicts), 7);
    expect(doc.field).toBeNull();
    expect(doc.text).toContain('<<<<<<< current\n  "count": 2,\n  "title": "B"\n||||||| base\n');
    const back = readBack(doc, '{"title": "D", "count": 2}');
    expect(back).toEqual({ ok: true, data: { title: "D", count: 2 } });
    if (back.ok) {
      expect(changesTo(doc, back.data).ops).toEqual([
        { op: "replace", path: "/title", value: "D" },
      ]);
    }
  });
});
