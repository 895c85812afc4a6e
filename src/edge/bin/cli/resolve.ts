import type { CommandDef } from "citty";
import type { ConflictChoice } from "../../../model/conflict-choices.ts";
import type { ConflictRegion } from "../../../proposals/conflict-choices.ts";
import { acceptChosen, regionsNow } from "../../serve/review/choose.ts";
import { person } from "./actors.ts";
import { countValue, PERSON_ARGS, WORKSPACE_ARGS } from "./args.ts";
import { type CliContext, defineCliCommand } from "./command.ts";
import { refused, usage } from "./exit.ts";
import { respondReport, SURFACE } from "./respond.ts";
import { line, type Shown } from "./shown.ts";

/** What `--take region=…` may say, and the choice each word is. */
const TAKES: Readonly<Record<string, ConflictChoice>> = {
  current: { take: "current" },
  proposed: { take: "proposed" },
  both: { take: "both" },
  "both-reversed": { take: "both_reversed" },
};

/** The values of a repeatable string option, in order. */
function repeated(value: unknown): string[] {
  if (value === undefined || value === false) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** A choice word. @throws CliError `usage` for an unknown one. */
function choiceOf(word: string, what: string): ConflictChoice {
  const choice = Object.hasOwn(TAKES, word) ? TAKES[word] : undefined;
  if (choice === undefined) {
    throw usage(`${what}: take current, proposed, both or both-reversed (not ${word})`);
  }
  return choice;
}

/**
 * The choices `--take region=word` and `--all word` make: each named region as it says, every
 * other region as `--all` says. The region name is everything before the last `=`, since a
 * pointer may hold one.
 *
 * @throws CliError `usage` for a malformed `--take`, a region named twice, an unknown word.
 */
function choicesFrom(takes: readonly string[], all: string | undefined) {
  const choices: Record<string, ConflictChoice> = {};
  for (const take of takes) {
    const at = take.lastIndexOf("=");
    if (at <= 0) throw usage(`--take ${take}: expected <region>=<choice>, e.g. /text#1=both`);
    const name = take.slice(0, at);
    if (Object.hasOwn(choices, name)) throw usage(`--take names region ${name} twice`);
    choices[name] = choiceOf(take.slice(at + 1), `--take ${take}`);
  }
  return { choices, rest: all === undefined ? null : choiceOf(all, `--all ${all}`) };
}

/** One region as `show` and `resolve` list it: its name, and where it is. */
export function regionLine(region: ConflictRegion): Shown {
  const kind = region.hunk === null ? `one value (${region.reason})` : `${region.reason} region`;
  const takes = region.takes.map((take) => take.replace("_", "-")).join(", ");
  return line`  ${region.name}: ${kind}; take ${takes}`;
}

/** `resolve <proposal> --at <version> --take <region>=<choice> … [--all <choice>]`. */
export function resolveCommand(cli: CliContext): CommandDef {
  return defineCliCommand(cli, {
    name: "resolve",
    description:
      "Accept a conflicting proposal by choosing, region by region (as `show` lists them), what lands: current, proposed, both or both-reversed",
    args: {
      proposal: { type: "positional", description: "The proposal's id", required: true },
      at: {
        type: "string",
        description: "The version `show` listed the regions at; refused if the artifact moved on",
        required: true,
      },
      take: {
        type: "string",
        description: "<region>=current|proposed|both|both-reversed, once per region (repeatable)",
      },
      all: { type: "string", description: "The choice for every region --take does not name" },
      ...PERSON_ARGS,
      ...WORKSPACE_ARGS,
    },
    async run({ args, session, out }) {
      const by = person(args.as);
      const at = countValue(args, "at");
      if (at === undefined || at < 1)
        throw usage("--at needs the version show listed, e.g. --at 3");
      const { choices, rest } = choicesFrom(repeated(args.take), args.all);
      const now = await regionsNow(session.workspace, args.proposal);
      if (!now.ok) throw refused(now.rejection);
      if (rest !== null) {
        for (const region of now.regions) choices[region.name] ??= rest;
      }
      const written = await acceptChosen(session.workspace, by, {
        proposal_id: args.proposal,
        surface: SURFACE,
        base_version: at,
        choices,
      });
      if (!written.ok) {
        const hint = `list the regions with: agent-workspace show ${args.proposal}`;
        throw refused(written.rejection, hint);
      }
      return respondReport(written, out.paint);
    },
  });
}
