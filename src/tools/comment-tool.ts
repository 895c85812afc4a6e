import { z } from "zod";
import type { CommandInput } from "../model/command.ts";
import { IdSchema } from "../model/ids.ts";
import type { WorkspaceTool } from "./api.ts";
import { type JsonSchema, nullable, strictObject } from "./strict-schema.ts";
import { committed, type ToolKit, tool } from "./tool-kit.ts";

const STRING: JsonSchema = { type: "string" };

/**
 * Comments on one of the agent's own proposals, for the people reviewing it: to explain it,
 * or to answer a person's comment (`reply_to`), on the whole of it or one hunk (`hunk_id`).
 * The library keeps the agent to its own proposals in its own thread.
 */
export function commentOnProposal(kit: ToolKit): WorkspaceTool {
  return tool(kit, {
    name: "comment_on_proposal",
    description:
      "Comment on one of your own proposals for the people reviewing it: explain it, or answer their comment (reply_to: its comment id, from your notes). hunk_id puts the comment on one hunk of it; null for the whole proposal. To change the proposal itself, edit again with revises set to its id.",
    inputSchema: z.strictObject({
      proposal_id: IdSchema,
      text: z.string().min(1),
      hunk_id: IdSchema.nullish(),
      reply_to: IdSchema.nullish(),
    }),
    jsonSchema: strictObject({
      proposal_id: STRING,
      text: { type: "string", description: "Your words, for people." },
      hunk_id: nullable(STRING),
      reply_to: nullable(STRING),
    }),
    async run({ proposal_id, text, hunk_id, reply_to }) {
      const command: CommandInput = {
        type: "comment_on_proposal",
        proposal_id,
        text,
        ...(hunk_id == null ? {} : { hunk_id }),
        ...(reply_to == null ? {} : { reply_to }),
      };
      return committed(kit, command);
    },
  });
}
