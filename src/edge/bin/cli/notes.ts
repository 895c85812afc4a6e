import type { CommandDef } from "citty";
import { parseViewer } from "./actors.ts";
import { countValue, READER_ARGS, WORKSPACE_ARGS } from "./args.ts";
import { type CliContext, defineCliCommand } from "./command.ts";
import { line, shownLines } from "./shown.ts";

/** `notes --viewer <who> [--after <seq>]`: what a viewer should hear of, as a model would read it. */
export function notesCommand(cli: CliContext): CommandDef {
  return defineCliCommand(cli, {
    name: "notes",
    description:
      "The change notes a viewer should hear of since a log position, as its agent would read them (moves no cursor)",
    args: {
      viewer: {
        type: "string",
        valueHint: "who",
        required: true,
        description: "Whose notes: user:<id>, agent:<thread>, external_agent:<client>, system",
      },
      after: {
        type: "string",
        valueHint: "seq",
        description: "From after this log position (default 0)",
      },
      ...WORKSPACE_ARGS,
      ...READER_ARGS,
    },
    async run({ args, session, out }) {
      const viewer = parseViewer(args.viewer);
      const after = countValue(args, "after") ?? 0;
      const delivery = await session.workspace.notes({ viewer, after });
      const json = {
        viewer: args.viewer,
        after,
        cursor: delivery.cursor,
        notes: delivery.notes,
        text: delivery.text,
      };
      // The notes as their renderer laid them out (what others wrote in them indented under
      // each note), every line made visible.
      const body =
        delivery.notes.length === 0
          ? [line`no notes for ${args.viewer} after #${after}`]
          : shownLines(delivery.text.replace(/\n$/, ""));
      return {
        json,
        text: [
          ...body,
          out.paint.dim(`(up to #${delivery.cursor}: next time, --after ${delivery.cursor})`),
        ],
      };
    },
  });
}
