import type { CommandDef } from "citty";
import type { CommandInput } from "../../../model/command.ts";
import type { Workspace } from "../../../workspace/api.ts";
import { type Person, person } from "./actors.ts";
import { optionValue, PERSON_ARGS, WORKSPACE_ARGS } from "./args.ts";
import { type CliContext, defineCliCommand } from "./command.ts";
import { refused } from "./exit.ts";
import type { Report } from "./io.ts";
import { SURFACE } from "./respond.ts";
import { line } from "./shown.ts";

// Sends a comment command as the person; a refusal is the CLI's `refused`, nothing written.
async function sent(workspace: Workspace, as: Person, command: CommandInput): Promise<Report> {
  const written = await workspace.commit(command, as);
  if (!written.ok) throw refused(written.rejection);
  const { outcome } = written;
  const json = { ok: true, outcome, envelopes: written.envelopes };
  if (outcome.type !== "commented") return { json, text: [line`recorded (${outcome.type})`] };
  const what = outcome.kind === "request_changes" ? "changes requested on" : "commented on";
  const still = outcome.kind === "request_changes" ? "; it stays pending" : "";
  return {
    json,
    text: [line`${what} ${outcome.proposal_id} (comment ${outcome.comment_id})${still}`],
  };
}

/** `comment <proposal> [--hunk H] [--reply-to C] <text>`: comment on a proposal. */
export function commentCommand(cli: CliContext): CommandDef {
  return defineCliCommand(cli, {
    name: "comment",
    description: "Comment on a proposal, or one hunk of it (ids from show); its agent reads it",
    args: {
      proposal: { type: "positional", description: "The proposal's id", required: true },
      text: { type: "positional", description: "The comment", required: true },
      hunk: { type: "string", valueHint: "id", description: "On this hunk only" },
      "reply-to": { type: "string", valueHint: "id", description: "In reply to this comment" },
      ...PERSON_ARGS,
      ...WORKSPACE_ARGS,
    },
    async run({ args, session }) {
      const hunk = optionValue(args, "hunk");
      const replyTo = optionValue(args, "reply-to");
      return sent(session.workspace, person(args.as), {
        type: "comment_on_proposal",
        proposal_id: args.proposal,
        text: args.text,
        ...(hunk === undefined ? {} : { hunk_id: hunk }),
        ...(replyTo === undefined ? {} : { reply_to: replyTo }),
        surface: SURFACE,
      });
    },
  });
}

/** `request-changes <proposal> <text>`: ask the agent to revise a pending proposal. */
export function requestChangesCommand(cli: CliContext): CommandDef {
  return defineCliCommand(cli, {
    name: "request-changes",
    description: "Ask for changes to a pending proposal: it stays pending, its agent revises it",
    args: {
      proposal: { type: "positional", description: "The proposal's id", required: true },
      text: { type: "positional", description: "What to change", required: true },
      ...PERSON_ARGS,
      ...WORKSPACE_ARGS,
    },
    async run({ args, session }) {
      return sent(session.workspace, person(args.as), {
        type: "request_changes",
        proposal_id: args.proposal,
        text: args.text,
        surface: SURFACE,
      });
    },
  });
}
