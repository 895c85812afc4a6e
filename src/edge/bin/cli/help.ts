import { type CommandDef, renderUsage } from "citty";
import { uncoloured, wantsColour } from "./colour.ts";
import type { Io } from "./io.ts";

/** The exit codes, as every `--help` ends. */
const EXIT_CODES_HELP: readonly string[] = [
  "EXIT CODES",
  "",
  "  0  done",
  "  1  refused: the rejection is printed, its type named; nothing was written",
  "     (answering several proposals at once: any answer refused; the others landed,",
  "     unless --all-or-nothing)",
  "  2  usage: a bad command, option or module",
  "  3  failed: a store fault, or a host port, editor or answer channel that threw",
];

type Resolved = { readonly command: CommandDef; readonly path: readonly string[] };

/** The command `argv` names (following sub-commands by name, skipping options), and its path. */
export function commandFor(root: CommandDef, argv: readonly string[]): Resolved {
  let command = root;
  const path: string[] = [];
  for (const token of argv) {
    if (token === "--") break;
    if (token.startsWith("-")) continue;
    const subs = command.subCommands as Record<string, CommandDef> | undefined;
    const next = subs !== undefined && Object.hasOwn(subs, token) ? subs[token] : undefined;
    if (next === undefined) break;
    command = next;
    path.push(token);
  }
  return { command, path };
}

/** The help of the command `argv` names, coloured only on a terminal, ending with the exit codes. */
export async function helpText(root: CommandDef, argv: readonly string[], io: Io): Promise<string> {
  const { command, path } = commandFor(root, argv);
  const rootName = "agent-workspace";
  const parents = [rootName, ...path.slice(0, -1)].join(" ");
  const parent = path.length === 0 ? undefined : { meta: { name: parents } };
  const usage = await renderUsage(command, parent);
  const lines = `${usage}\n\n${EXIT_CODES_HELP.join("\n")}`.split("\n");
  const text = `${lines.map((line) => line.trimEnd()).join("\n")}\n`;
  return wantsColour({ env: io.env, tty: io.tty, json: false }) ? text : uncoloured(text);
}
