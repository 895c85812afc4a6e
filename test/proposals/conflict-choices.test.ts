// Conflicts settled by choice (ADR 0054): the refusals that keep a choice from landing on the
// wrong region, line ends where both sides are kept, and the whole path through a workspace:
// the choices land as the person's changes, and the agent's note shows them.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { acceptChosen, regionsNow } from "../../src/edge/serve/review/choose.ts";
import { createRegistry, defineArtifactType } from "../../src/entries/index.ts";
import { mergeJson } from "../../src/merge/merge-json.ts";
import type { JsonObject } from "../../src/model/json.ts";
import { conflictRegions, resolveByChoice } from "../../src/proposals/conflict-choices.ts";
import { createWorkspace } from "../../src/workspace/workspace.ts";

const sides = (base: JsonObject, current: JsonObject, proposed: JsonObject, version = 2) => ({
  base,
  current,
  proposed,
  version,
});

const text = sides(
  { text: "a\nold\nz\n", n: 1 },
  { text: "a\nmine\nz\n", n: 2 },
  { text: "a\ntheirs\nz\n", n: 3 },
);

describe("resolveByChoice", () => {
  it("names a text conflict's regions by pointer and number, a value conflict by pointer", () => {
    const merged = mergeJson(text.base, text.current, text.proposed, { words: true });
    expect(merged.kind).toBe("conflict");
    if (merged.kind !== "conflict") return;
    expect(conflictRegions(merged.conflicts).map((r) => [r.name, r.takes.length])).toEqual([
      ["/text#1", 5],
      ["/n", 3],
    ]);
  });

  it("refuses choices made at another version, unknown and unchosen regions, and misfits", () => {
    const all = { "/text#1": { take: "both" }, "/n": { take: "proposed" } } as const;
    const refusal = (request: Parameters<typeof resolveByChoice>[1]) => {
      const result = resolveByChoice(text, request);
      return result.ok ? null : result.refusal;
    };
    expect(refusal({ base_version: 1, choices: all })).toMatchObject({
      type: "version_conflict",
      version: 2,
    });
    expect(
      refusal({ base_version: 2, choices: { ...all, "/text#2": { take: "current" } } }),
    ).toMatchObject({
      type: "unknown_region",
      region: "/text#2",
    });
    expect(refusal({ base_version: 2, choices: { "/n": { take: "current" } } })).toMatchObject({
      type: "unchosen_region",
      region: "/text#1",
    });
    expect(refusal({ base_version: 2, choices: { ...all, "/n": { take: "both" } } })).toMatchObject(
      {
        type: "choice_not_applicable",
        region: "/n",
      },
    );
    expect(
      refusal({ base_version: 2, choices: { ...all, "/text#1": { take: "edit", value: 7 } } }),
    ).toMatchObject({ type: "invalid_edit", region: "/text#1" });
    const clean = sides({ t: "a" }, { t: "a" }, { t: "b" });
    expect(resolveByChoice(clean, { base_version: 2, choices: {} })).toMatchObject({
      ok: false,
      refusal: { type: "no_conflict" },
    });
  });

  it("refuses when two regions would have the same name, rather than guess", () => {
    const twice = sides(
      { a: "x\ny\n", "a#1": 1 },
      { a: "x\nours\n", "a#1": 2 },
      { a: "x\ntheirs\n", "a#1": 3 },
    );
    const choices = { "/a#1": { take: "current" } } as const;
    expect(resolveByChoice(twice, { base_version: 2, choices })).toMatchObject({
      ok: false,
      refusal: { type: "ambiguous_region", region: "/a#1" },
    });
  });

  it("lands both sides in the order chosen, and an edit's own lines", () => {
    const land = (choice: Parameters<typeof resolveByChoice>[1]["choices"][string]) => {
      const result = resolveByChoice(text, {
        base_version: 2,
        choices: { "/text#1": choice, "/n": { take: "edit", value: 10 } },
      });
      return result.ok ? result.value.data : result.refusal;
    };
    expect(land({ take: "both" })).toEqual({ text: "a\nmine\ntheirs\nz\n", n: 10 });
    expect(land({ take: "both_reversed" })).toEqual({ text: "a\ntheirs\nmine\nz\n", n: 10 });
    // An edit without a final line break still ends its line before the next.
    expect(land({ take: "edit", value: "one\ntwo" })).toEqual({ text: "a\none\ntwo\nz\n", n: 10 });
    expect(land({ take: "edit", value: "" })).toEqual({ text: "a\nz\n", n: 10 });
  });

  it("keeps line ends whole where both sides are kept: a last line without one, CRLF", () => {
    const last = sides({ t: "a\nold" }, { t: "a\nmine" }, { t: "a\ntheirs" });
    const both = resolveByChoice(last, { base_version: 2, choices: { "/t#1": { take: "both" } } });
    expect(both).toMatchObject({ ok: true, value: { data: { t: "a\nmine\ntheirs" } } });
    const crlf = sides(
      { t: "a\r\nold\r\nz\r\n" },
      { t: "a\r\nmine\r\nz\r\n" },
      { t: "a\r\ntheirs\r\nz\r\n" },
    );
    const kept = resolveByChoice(crlf, {
      base_version: 2,
      choices: { "/t#1": { take: "both_reversed" } },
    });
    expect(kept).toMatchObject({
      ok: true,
      value: { data: { t: "a\r\ntheirs\r\nmine\r\nz\r\n" } },
    });
  });

  it("settles a removal one side made: current keeps it removed, proposed brings it back", () => {
    const removed = sides({ keep: 1, gone: "old" }, { keep: 1 }, { keep: 1, gone: "new" });
    const take = (t: "current" | "proposed") =>
      resolveByChoice(removed, { base_version: 2, choices: { "/gone": { take: t } } });
    expect(take("current")).toMatchObject({
      ok: true,
      value: { data: { keep: 1 }, changes: { ops: [] } },
    });
    expect(take("proposed")).toMatchObject({
      ok: true,
      value: {
        data: { keep: 1, gone: "new" },
        changes: { ops: [{ op: "add", path: "/gone", value: "new" }] },
      },
    });
  });
});

const doc = defineArtifactType({
  kind: "doc",
  schema: z.strictObject({ text: z.string(), n: z.number().max(100) }),
  writePolicy: "propose",
});
const person = { kind: "user", id: "alice" } as const;
const agent = { kind: "agent", thread_id: "thr_1", run_id: "run_1" } as const;

/** A workspace where the agent's proposal conflicts with the person's later edit. */
async function conflicted() {
  const ws = createWorkspace({ registry: createRegistry({ artifactTypes: [doc] }) });
  const must = async (...args: Parameters<typeof ws.commit>) => {
    const written = await ws.commit(...args);
    if (!written.ok) throw new Error(written.rejection.type);
    return written;
  };
  await must({ type: "create_thread", thread_id: "thr_1" }, person);
  await must(
    { type: "create_artifact", artifact_id: "d", kind: "doc", data: { text: "a\nold\nz\n", n: 1 } },
    person,
  );
  const proposed = await must(
    {
      type: "edit_artifact",
      artifact_id: "d",
      base_version: 1,
      patch: {
        kind: "json_patch",
        ops: [
          { op: "replace", path: "/text", value: "a\ntheirs\nz\n" },
          { op: "replace", path: "/n", value: 3 },
        ],
      },
    },
    agent,
  );
  if (proposed.outcome.type !== "proposed") throw new Error("expected a proposal");
  await must(
    {
      type: "edit_artifact",
      artifact_id: "d",
      base_version: 1,
      patch: {
        kind: "json_patch",
        ops: [
          { op: "replace", path: "/text", value: "a\nmine\nz\n" },
          { op: "replace", path: "/n", value: 2 },
        ],
      },
    },
    person,
  );
  await ws.nextNotes({ viewer: agent });
  return { ws, id: proposed.outcome.proposal_id };
}

describe("accepting with choices, through a workspace", () => {
  it("lands the choices as the person's changes, and the agent's note shows them", async () => {
    const { ws, id } = await conflicted();
    const now = await regionsNow(ws, id);
    expect(now).toMatchObject({ ok: true, base_version: 2 });
    if (!now.ok) return;
    expect(now.regions.map((r) => r.name)).toEqual(["/text#1", "/n"]);
    const written = await acceptChosen(ws, person, {
      proposal_id: id,
      surface: "test",
      base_version: now.base_version,
      choices: { "/text#1": { take: "both" }, "/n": { take: "proposed" } },
    });
    expect(written).toMatchObject({
      ok: true,
      outcome: { type: "resolved", decision: "accept", version: 3 },
    });
    expect((await ws.artifact("d"))?.data).toEqual({ text: "a\nmine\ntheirs\nz\n", n: 3 });
    const proposal = await ws.proposal(id);
    expect(proposal?.resolution).toMatchObject({
      base_version: 2,
      surface: "test",
      changes: { kind: "json_patch" },
    });
    const notes = await ws.nextNotes({ viewer: agent });
    // The note shows what landed against what was proposed: current's line kept beside it.
    expect(notes.text).toContain("alice accepted your proposal");
    expect(notes.text).toContain(" a\n    +mine\n     theirs\n     z");
  });

  it("refuses choices made before the artifact moved on, and data the type does not allow; nothing lands", async () => {
    const { ws, id } = await conflicted();
    const choices = {
      "/text#1": { take: "current" },
      "/n": { take: "edit", value: 1000 },
    } as const;
    const invalid = await acceptChosen(ws, person, {
      proposal_id: id,
      surface: "test",
      base_version: 2,
      choices,
    });
    expect(invalid).toMatchObject({ ok: false, rejection: { type: "validation_failed" } });
    const stale = await acceptChosen(ws, person, {
      proposal_id: id,
      surface: "test",
      base_version: 1,
      choices: { ...choices, "/n": { take: "current" } },
    });
    expect(stale).toMatchObject({ ok: false, rejection: { type: "version_conflict" } });
    expect((await ws.artifact("d"))?.version).toBe(2);
    expect((await ws.proposal(id))?.status).toBe("pending");
  });
});
