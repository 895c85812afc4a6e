import type { CommandDef } from "citty";
import { person } from "./actors.ts";
import { optionValue, PERSON_ARGS, WORKSPACE_ARGS } from "./args.ts";
import { type CliContext, defineCliCommand } from "./command.ts";
import { respond, respondReport } from "./respond.ts";

/** `reject <proposal> [--reason …]`: reject a pending proposal. */
export function rejectCommand(cli: CliContext): CommandDef {
  return defineCliCommand(cli, {
    name: "reject",
    description: "Reject a pending proposal, with a reason its agent will read in its notes",
    args: {
      proposal: { type: "positional", description: "The proposal's id", required: true },
      reason: { type: "string", valueHint: "text", description: "Why (the agent reads it)" },
      ...PERSON_ARGS,
      ...WORKSPACE_ARGS,
    },
    async run({ args, session, out }) {
      const reason = optionValue(args, "reason") ?? null;
      const written = await respond(session.workspace, person(args.as), {
        proposal_id: args.proposal,
        decision: "reject",
        reason,
      });
      return respondReport(written, out.paint);
    },
  });
}
