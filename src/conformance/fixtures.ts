import { z } from "zod";
import { defineArtifactType } from "../model/artifact-type.ts";
import { defineFeedbackType } from "../model/feedback-type.ts";
import { createRegistry, type Registry } from "../model/registry.ts";
import { bool, float, int, pyEnum } from "../parity/fields.ts";
import { named } from "../parity/meta.ts";
import { pyRepr } from "../patches/python-repr.ts";

/** `note`: markdown text with a title; agents write it directly. */
export const note = defineArtifactType({
  kind: "note",
  schema: z.strictObject({ text: z.string().default(""), title: z.string().default("") }),
  writePolicy: "direct",
});

// The original's `Item` model: extra keys ignored, `done` a lax boolean (`"true"`, 1).
const ChecklistItem = named("Item", z.object({ title: z.string(), done: bool().default(false) }));

/** `checklist`: titled items that can be checked; agents only propose changes to it. */
export const checklist = defineArtifactType({
  kind: "checklist",
  schema: z.strictObject({
    title: z.string().default(""),
    items: z.record(z.string(), ChecklistItem).default({}),
  }),
  writePolicy: "propose",
  describeChange(before, after) {
    const checked = Object.entries(after.items)
      .filter(([id, item]) => item.done && before.items[id]?.done === false)
      .map(([, item]) => pyRepr(item.title));
    return checked.length === 0 ? null : `checked ${checked.join(", ")}`;
  },
});

/** `counter`: one integer, parsed leniently (`"3"` becomes 3), so stored data can differ from input. */
export const counter = defineArtifactType({
  kind: "counter",
  schema: z.strictObject({ count: int().default(0) }),
  writePolicy: "direct",
});

/** `helpfulness`: a 1–5 rating of a turn, a thread or a message, with an optional reason. */
export const helpfulness = defineFeedbackType({
  name: "helpfulness",
  targets: ["turn", "thread", "message"],
  schema: z.strictObject({
    rating: int({ ge: 1, le: 5 }),
    reason: z.string().nullable().default(null),
  }),
});

/** `accuracy`: whether an artifact version is correct. */
export const accuracy = defineFeedbackType({
  name: "accuracy",
  targets: ["artifact"],
  schema: z.strictObject({
    correct: bool(),
    verdict: pyEnum(["right", "wrong"]).default("right"),
    tone: z.enum(["formal", "casual"]).default("formal"),
    confidence: float({ ge: 0, le: 1 }).default(1.0),
  }),
});

/**
 * `memo`: text that agents only propose changes to, whose pending proposals expire after a
 * day and are superseded by the same thread's newer ones. Ours, for the cases of rule P8.
 */
export const memo = defineArtifactType({
  kind: "memo",
  schema: z.strictObject({ text: z.string().default("") }),
  writePolicy: "propose",
  proposals: { ttlMs: 24 * 60 * 60 * 1000, supersede: true },
});

/** A registry of the fixture types the conformance cases use (the original's, and `memo`). */
export function fixtureRegistry(): Registry {
  return createRegistry({
    artifactTypes: [note, checklist, counter, memo],
    feedbackTypes: [helpfulness, accuracy],
  });
}
