import type { ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { DecisionOption } from "../../../model/decisions.ts";

/** What the person did with the question the client put in front of them. */
export type Elicited =
  | { readonly type: "picked"; readonly option: DecisionOption }
  | { readonly type: "typed"; readonly text: string }
  | { readonly type: "declined" }
  | { readonly type: "cancelled" }
  | { readonly type: "failed"; readonly error: unknown };

/** The field of the form the person fills in. */
const FIELD = "answer";

/**
 * The form that asks a decision: one required field, a single choice among the options
 * (each option's id as the value, its label as the title), or free text without options.
 */
export function elicitationRequest(
  prompt: string,
  options: readonly DecisionOption[] | null,
): ElicitRequestFormParams {
  const answer =
    options === null
      ? { type: "string" as const, title: "Your answer", minLength: 1 }
      : {
          type: "string" as const,
          title: "Your answer",
          oneOf: options.map((o) => ({ const: o.id, title: o.label })),
        };
  return {
    mode: "form",
    message: prompt,
    requestedSchema: { type: "object", properties: { [FIELD]: answer }, required: [FIELD] },
  };
}

/** What the client's reply says the person did; an answer outside the form is a failure. */
export function readElicited(
  result: ElicitResult,
  options: readonly DecisionOption[] | null,
): Elicited {
  if (result.action === "decline") return { type: "declined" };
  if (result.action === "cancel") return { type: "cancelled" };
  const value = result.content?.[FIELD];
  if (typeof value !== "string" || value.trim() === "") {
    return { type: "failed", error: new Error("the client accepted the question with no answer") };
  }
  if (options === null) return { type: "typed", text: value };
  const option = options.find((o) => o.id === value);
  return option === undefined
    ? { type: "failed", error: new Error(`the client answered ${value}, not one of the options`) }
    : { type: "picked", option };
}
