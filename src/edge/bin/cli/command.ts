import type { ArgsDef, CommandDef, ParsedArgs } from "citty";
import type { ExitCode } from "./exit.ts";
import { type Io, type Output, output, printReport, type Report } from "./io.ts";
import { openSession, type Session } from "./open.ts";
import { checkArgs } from "./strict-args.ts";

/** What every command runs with: the process, and where the command leaves its exit code. */
export interface CliContext {
  readonly io: Io;
  /** The exit code of the command that ran (citty drops a sub-command's return value). */
  exit: ExitCode;
}

/** What a command's handler is handed: its parsed options, the workspace, how to print. */
interface CommandRun<A extends ArgsDef> {
  readonly args: ParsedArgs<A>;
  readonly session: Session;
  readonly out: Output;
  readonly io: Io;
}

/** A command: its name and help, its options, and what it does with a session. */
interface CliCommandSpec<A extends ArgsDef> {
  readonly name: string;
  readonly description: string;
  readonly args: A;
  /**
   * Whether the last positional takes any number of values (read from `args._`), so that
   * `accept ID ID …` is not refused as surplus arguments.
   */
  readonly variadic?: boolean;
  /**
   * Runs the command: a report to print, or (for a command that prints as it goes, such as
   * `log --follow`) the exit code once it has printed everything.
   */
  run(run: CommandRun<A>): Promise<Report | ExitCode>;
}

/**
 * A citty command that checks its arguments strictly, opens the workspace its options name,
 * runs, prints its report (JSON with `--json`, text otherwise), closes the workspace and
 * leaves its exit code on the context. Errors propagate, for `runCli` to map to exit codes.
 * Its options' types are erased once it is built: commands are listed side by side.
 */
export function defineCliCommand<const A extends ArgsDef>(
  cli: CliContext,
  spec: CliCommandSpec<A>,
): CommandDef {
  const command: CommandDef<A> = {
    meta: { name: spec.name, description: spec.description },
    args: spec.args,
    async run({ args, rawArgs }) {
      checkArgs(rawArgs, spec.args, spec.variadic === true);
      const out = output(cli.io, args.json === true);
      const session = await openSession(args, cli.io);
      try {
        const done = await spec.run({ args, session, out, io: cli.io });
        cli.exit = typeof done === "number" ? done : printReport(out, done);
      } finally {
        await session.close();
      }
    },
  };
  return command as unknown as CommandDef;
}
