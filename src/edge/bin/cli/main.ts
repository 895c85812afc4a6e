import { type CommandDef, runCommand } from "citty";
import { isWorkspaceError } from "../../../model/errors.ts";
import { acceptCommand } from "./accept.ts";
import { uncoloured } from "./colour.ts";
import type { CliContext } from "./command.ts";
import { commentCommand, requestChangesCommand } from "./comment.ts";
import { decideCommand } from "./decide.ts";
import { EXIT, type ExitCode, isCliError } from "./exit.ts";
import { commandFor, helpText } from "./help.ts";
import { historyCommand } from "./history.ts";
import { inboxCommand } from "./inbox.ts";
import { type Io, output } from "./io.ts";
import { logCommand } from "./log.ts";
import { notesCommand } from "./notes.ts";
import { offerCommand } from "./offer.ts";
import { rejectCommand } from "./reject.ts";
import { renderRefusal } from "./render-refusal.ts";
import { resolveCommand } from "./resolve.ts";
import { revertCommand } from "./revert.ts";
import { serveCommand } from "./serve.ts";
import { showCommand } from "./show.ts";
import { line, shownLines } from "./shown.ts";
import { VERSION } from "./version.ts";

/** Every command of `agent-workspace`, by name. */
function rootCommand(cli: CliContext): CommandDef {
  return {
    meta: {
      name: "agent-workspace",
      version: VERSION,
      description:
        "Review what agents propose, as a named person, over a SQLite file (--db) or a PostgreSQL URL (--pg)",
    },
    subCommands: {
      inbox: inboxCommand(cli),
      show: showCommand(cli),
      accept: acceptCommand(cli),
      resolve: resolveCommand(cli),
      reject: rejectCommand(cli),
      comment: commentCommand(cli),
      "request-changes": requestChangesCommand(cli),
      decide: decideCommand(cli),
      offer: offerCommand(cli),
      notes: notesCommand(cli),
      log: logCommand(cli),
      history: historyCommand(cli),
      revert: revertCommand(cli),
      serve: serveCommand(cli),
    },
  };
}

// citty's own usage errors (a missing argument, an unknown command), recognised by code.
const CITTY_USAGE = new Set(["EARG", "E_UNKNOWN_COMMAND", "E_NO_COMMAND"]);
const isCittyUsage = (error: unknown): error is Error =>
  error instanceof Error && CITTY_USAGE.has(String((error as { code?: unknown }).code));

/** Prints why a command stopped short and answers its exit code. */
function reportError(error: unknown, io: Io, command: readonly string[], json: boolean): ExitCode {
  const out = output(io, json);
  if ((isCliError(error) && error.code === "usage") || isCittyUsage(error)) {
    const help = line`run \`${["agent-workspace", ...command, "--help"].join(" ")}\` for usage`;
    out.warn([line`agent-workspace: ${uncoloured(error.message)}`, help]);
    return EXIT.usage;
  }
  if (isCliError(error) && error.refusal !== null) {
    if (out.json) out.data({ ok: false, rejection: error.refusal });
    out.warn(renderRefusal(error.refusal, out.paint, error.hint ?? undefined));
    return EXIT.refused;
  }
  const code = isWorkspaceError(error) ? error.code : "failed";
  const message = error instanceof Error ? error.message : String(error);
  if (out.json) out.data({ ok: false, error: { code, message } });
  out.warn([line`agent-workspace: failed${code === "failed" ? "" : ` (${code})`}: ${message}`]);
  if (io.env.AGENT_WORKSPACE_DEBUG && error instanceof Error && error.stack)
    out.warn(shownLines(error.stack));
  return EXIT.failed;
}

/**
 * Runs `agent-workspace` with `argv` (the arguments after the program): help for `--help`,
 * the version for `--version`, else the command, and answers its exit code (see `EXIT`).
 */
export async function runCli(argv: readonly string[], io: Io): Promise<ExitCode> {
  const cli: CliContext = { io, exit: EXIT.done };
  const root = rootCommand(cli);
  try {
    const options = argv.slice(0, argv.includes("--") ? argv.indexOf("--") : argv.length);
    if (options.includes("--help") || options.includes("-h")) {
      io.write(await helpText(root, argv, io));
      return EXIT.done;
    }
    if (argv.length === 1 && argv[0] === "--version") {
      io.write(`${VERSION}\n`);
      return EXIT.done;
    }
    if (argv.length === 0) {
      io.error(await helpText(root, argv, io));
      return EXIT.usage;
    }
    await runCommand(root, { rawArgs: [...argv] });
    return cli.exit;
  } catch (error) {
    return reportError(error, io, commandFor(root, argv).path, argv.includes("--json"));
  }
}
