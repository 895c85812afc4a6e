import { z } from "zod";
import { ScopeSchema } from "../../../model/decisions.ts";

/** The answer channel a LangGraph host declares: `answerChannels: { langgraph: … }`. */
export const LANGGRAPH_CHANNEL = "langgraph";

/**
 * What a node's question puts in the graph's `__interrupt__` (and its state's
 * `tasks[].interrupts`): the decision as the person sees it, and where it is pending.
 */
export const LangGraphQuestionSchema = z.object({
  type: z.literal("agent_workspace.decision"),
  decision_id: z.string(),
  scope: ScopeSchema,
  prompt: z.string(),
  options: z.array(z.object({ id: z.string(), label: z.string() })),
});
/** What a node's question puts in the graph's `__interrupt__`. */
export type LangGraphQuestion = z.infer<typeof LangGraphQuestionSchema>;

/**
 * What the graph is resumed with, and `askPerson` resolves to: the option the person picked,
 * and the decision it answers (an answer channel's delivery, as it arrived).
 */
export const PersonPickSchema = z.object({
  scope: ScopeSchema,
  decision_id: z.string(),
  option_id: z.string(),
  label: z.string(),
});
/** The option the person picked, and the decision it answers. */
export type PersonPick = z.infer<typeof PersonPickSchema>;
