// The laws of accepting hunks through the rules, over random texts (ADR 0048): every hunk is
// the whole proposal, none is a rejection, and some then the rest (the same change proposed
// again, whose hunks are the rest under the same ids) is the whole.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  createRegistry,
  createWorkspace,
  defineArtifactType,
  orThrow,
  sequentialIds,
  type Workspace,
} from "../../src/entries/index.ts";

const doc = defineArtifactType({
  kind: "doc",
  schema: z.strictObject({ text: z.string().default(""), n: z.number().default(0) }),
  writePolicy: "propose",
});
const person = { kind: "user", id: "alice" } as const;
const agent = { kind: "agent", thread_id: "thr_1", run_id: "run_1" } as const;

const text = fc
  .array(fc.constantFrom("a\n", "b\n", "c\n", "\n", "d"), { maxLength: 10 })
  .map((lines) => lines.join(""));
const data = fc.record({ text, n: fc.integer({ min: 0, max: 2 }) });
// Two different versions of the document.
const change = fc
  .tuple(data, data)
  .filter(([a, b]) => a.text !== b.text || a.n !== b.n)
  .map(([before, after]) => ({ before, after }));

async function workspace(before: Record<string, unknown>): Promise<Workspace> {
  const ws = createWorkspace({
    registry: createRegistry({ artifactTypes: [doc] }),
    newId: sequentialIds(),
  });
  orThrow(await ws.commit({ type: "create_thread", thread_id: "thr_1" }, person));
  orThrow(
    await ws.commit(
      { type: "create_artifact", artifact_id: "d", kind: "doc", data: before },
      person,
    ),
  );
  return ws;
}

async function propose(ws: Workspace, after: Record<string, unknown>): Promise<string> {
  const base = (await ws.artifact("d"))?.version ?? 0;
  const ops = Object.entries(after).map(([key, value]) => ({
    op: "replace" as const,
    path: `/${key}`,
    value,
  }));
  const edit = orThrow(
    await ws.commit(
      {
        type: "edit_artifact",
        artifact_id: "d",
        base_version: base,
        patch: { kind: "json_patch", ops },
      },
      agent,
    ),
  );
  if (edit.outcome.type !== "proposed") throw new Error("expected a proposal");
  return edit.outcome.proposal_id;
}

async function previewHunks(ws: Workspace, id: string) {
  const preview = await ws.previewProposal(id);
  if (!preview.ok) throw new Error(preview.rejection.message);
  return preview.value.hunks;
}

async function hunks(ws: Workspace, id: string): Promise<string[]> {
  return (await previewHunks(ws, id)).map((hunk) => hunk.id);
}

// Whether no two hunks say the same (only such hunks are told apart by occurrence).
function uniqueContent(list: Awaited<ReturnType<typeof previewHunks>>): boolean {
  const keys = list.map((hunk) =>
    JSON.stringify(hunk.kind === "text" ? [hunk.path, hunk.removed, hunk.added] : [hunk.path]),
  );
  return new Set(keys).size === keys.length;
}

const accept = (id: string, chosen: string[] | null) =>
  ({ type: "respond_to_proposal", proposal_id: id, decision: "accept", hunks: chosen }) as const;

describe("accepting hunks", () => {
  it("every hunk equals the whole proposal; none rejects it", async () => {
    await fc.assert(
      fc.asyncProperty(change, async ({ before, after }) => {
        const [some, whole, none] = [
          await workspace(before),
          await workspace(before),
          await workspace(before),
        ];
        const [a, b, c] = [
          await propose(some, after),
          await propose(whole, after),
          await propose(none, after),
        ];
        const all = orThrow(await some.commit(accept(a, await hunks(some, a)), person));
        const once = orThrow(await whole.commit(accept(b, null), person));
        expect(all.outcome).toEqual(once.outcome);
        expect(await some.artifact("d")).toEqual(await whole.artifact("d"));
        const rejected = orThrow(await none.commit(accept(c, []), person));
        expect(rejected.outcome).toMatchObject({ type: "resolved", decision: "reject" });
        expect((await none.proposal(c))?.status).toBe("rejected");
        expect((await none.artifact("d"))?.version).toBe(1);
      }),
      { numRuns: 60 },
    );
  });

  it("some hunks, then the same change proposed again, offers the rest under their ids and ends as the whole", async () => {
    await fc.assert(
      fc.asyncProperty(
        change,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
        async ({ before, after }, picks) => {
          const ws = await workspace(before);
          const id = await propose(ws, after);
          const shown = await previewHunks(ws, id);
          const all = shown.map((hunk) => hunk.id);
          const chosen = all.filter((_, i) => picks[i % picks.length]);
          if (chosen.length === 0) return;
          orThrow(await ws.commit(accept(id, chosen), person));
          const rest = all.filter((hunk) => !chosen.includes(hunk));
          if (rest.length === 0) {
            expect((await ws.artifact("d"))?.data).toEqual(after);
            return;
          }
          const again = await propose(ws, after);
          const now = await hunks(ws, again);
          expect(now).toHaveLength(rest.length);
          if (uniqueContent(shown)) expect(now).toEqual(rest);
          orThrow(await ws.commit(accept(again, now), person));
          expect((await ws.artifact("d"))?.data).toEqual(after);
        },
      ),
      { numRuns: 60 },
    );
  });
});
