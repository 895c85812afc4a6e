import type { CommandDef } from "citty";
import { person } from "./actors.ts";
import { optionValue, PERSON_ARGS, WORKSPACE_ARGS } from "./args.ts";
import { type CliContext, defineCliCommand } from "./command.ts";
import { refused, usage } from "./exit.ts";
import { SURFACE } from "./respond.ts";
import { line } from "./shown.ts";

/**
 * The version a person names, as `history` lists it: `3` or `v3`.
 *
 * @throws CliError `usage` for anything else.
 */
function versionOf(text: string): number {
  const match = /^v?(\d+)$/.exec(text);
  const version = match === null ? Number.NaN : Number(match[1]);
  if (!Number.isSafeInteger(version) || version < 1) {
    throw usage(`version ${text}: expected a version number from history, e.g. 3 (or v3)`);
  }
  return version;
}

/**
 * `revert <artifact> <version> [--reason …]`: a new version undoing that one's change, merged
 * onto the artifact as it is now (as `git revert` does), answered from surface `cli`.
 */
export function revertCommand(cli: CliContext): CommandDef {
  return defineCliCommand(cli, {
    name: "revert",
    description:
      "Undo one version of an artifact (see history) as a new version, merged onto its data now; refused, with the conflicts, when that change was changed since",
    args: {
      artifact: { type: "positional", description: "The artifact's id", required: true },
      version: {
        type: "positional",
        description: "The version whose change to undo (3 or v3)",
        required: true,
      },
      reason: {
        type: "string",
        valueHint: "text",
        description: "Why (the author of the change reads it in their notes)",
      },
      ...PERSON_ARGS,
      ...WORKSPACE_ARGS,
    },
    async run({ args, session, out }) {
      const by = person(args.as);
      const version = versionOf(args.version);
      const artifactId = args.artifact;
      const command = {
        type: "revert_revision",
        artifact_id: artifactId,
        version,
        reason: optionValue(args, "reason") ?? null,
        surface: SURFACE,
      } as const;
      const written = await session.workspace.commit(command, by);
      if (!written.ok) {
        // A conflict is shown with its markers, as accept's are; what to do next differs.
        const hint =
          written.rejection.type === "conflict"
            ? `v${version}'s change was changed since: edit ${artifactId} yourself (see agent-workspace history ${artifactId})`
            : undefined;
        throw refused(written.rejection, hint);
      }
      const { outcome } = written;
      const json = { ok: true, outcome, envelopes: written.envelopes };
      const now = outcome.type === "applied" ? ` is at v${outcome.version}` : ` (${outcome.type})`;
      const text = [
        line`${out.paint.green("reverted")} v${String(version)} of ${artifactId}: ${artifactId}${now}`,
      ];
      return { json, text };
    },
  });
}
