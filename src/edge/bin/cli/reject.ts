import type { CommandDef } from "citty";
import { person } from "./actors.ts";
import { optionValue, PERSON_ARGS, WORKSPACE_ARGS } from "./args.ts";
import { printBatch, proposalIds, respondAll } from "./batch.ts";
import { type CliContext, defineCliCommand } from "./command.ts";
import { usage } from "./exit.ts";
import { respond, respondReport } from "./respond.ts";

/**
 * `reject <proposal>… [--reason …] [--all-or-nothing]`: reject a pending proposal, or several
 * in one batch, each with the same reason.
 */
export function rejectCommand(cli: CliContext): CommandDef {
  return defineCliCommand(cli, {
    name: "reject",
    description:
      "Reject a pending proposal (or several, in one write), with a reason its agent will read in its notes",
    variadic: true,
    args: {
      proposal: {
        type: "positional",
        description: "The proposal's id; several are rejected in one write, with the same reason",
        required: true,
      },
      reason: { type: "string", valueHint: "text", description: "Why (the agent reads it)" },
      "all-or-nothing": {
        type: "boolean",
        description:
          "With several proposals: if any answer is refused, write none of them (default: the others land)",
      },
      ...PERSON_ARGS,
      ...WORKSPACE_ARGS,
    },
    async run({ args, session, out }) {
      const reason = optionValue(args, "reason") ?? null;
      const by = person(args.as);
      const ids = proposalIds(args._);
      const [only] = ids;
      if (only === undefined) throw usage("give a proposal's id (or several)");
      if (ids.length === 1) {
        const written = await respond(session.workspace, by, {
          proposal_id: only,
          decision: "reject",
          reason,
        });
        return respondReport(written, out.paint);
      }
      const answers = ids.map((id) => ({ proposal_id: id, decision: "reject", reason }) as const);
      const allOrNothing = args["all-or-nothing"] === true;
      const written = await respondAll(session.workspace, by, answers, allOrNothing);
      return printBatch(written, out, { text: [], json: {} });
    },
  });
}
