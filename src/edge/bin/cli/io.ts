import { jsonText } from "../../../model/json-text.ts";
import { type Palette, palette, wantsColour } from "./colour.ts";
import type { ExitCode } from "./exit.ts";
import type { Shown } from "./shown.ts";

/** The process as the CLI sees it: its streams, environment and folder, and its signals. */
export interface Io {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** Whether stdout is a terminal (colour is only ever for one). */
  readonly tty: boolean;
  /** Writes to stdout. */
  write(text: string): void;
  /** Writes to stderr. */
  error(text: string): void;
  /** Resolves once the process is asked to stop (SIGINT or SIGTERM), keeping it alive till then. */
  interrupted(): Promise<void>;
}

/** The process's own {@link Io}. */
export function processIo(): Io {
  return {
    env: process.env,
    cwd: process.cwd(),
    tty: process.stdout.isTTY === true,
    write: (text) => process.stdout.write(text),
    error: (text) => process.stderr.write(text),
    interrupted: () =>
      new Promise((resolve) => {
        // Signal listeners do not keep the event loop alive, and a store's poller may not.
        const alive = setInterval(() => {}, 2 ** 30);
        const stop = (): void => {
          clearInterval(alive);
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
          resolve();
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      }),
  };
}

/**
 * How a command prints: JSON only with `--json`, coloured text only on a terminal. Text is
 * only ever {@link Shown} lines (others' content made visible in them), and JSON has every
 * line break, control and format character escaped as `\uXXXX`: nothing another actor wrote
 * reaches the terminal raw, in either mode.
 */
export interface Output {
  readonly json: boolean;
  readonly paint: Palette;
  /** Lines of text on stdout (nothing in JSON mode: print `data` there instead). */
  lines(lines: readonly Shown[]): void;
  /** One JSON document on stdout, indented. */
  data(value: unknown): void;
  /** One JSON value on one line of stdout (JSON Lines, for streams). */
  record(value: unknown): void;
  /** Lines of text on stderr, for people, in either mode. */
  warn(lines: readonly Shown[]): void;
}

/** The output of a command run with (`json`) or without `--json`. */
export function output(io: Io, json: boolean): Output {
  const paint = palette(wantsColour({ env: io.env, tty: io.tty, json }));
  const text = (lines: readonly Shown[]): string => lines.map((line) => `${line}\n`).join("");
  return {
    json,
    paint,
    lines: (lines) => {
      if (!json && lines.length > 0) io.write(text(lines));
    },
    data: (value) => io.write(`${jsonText(value, 2)}\n`),
    record: (value) => io.write(`${jsonText(value)}\n`),
    warn: (lines) => {
      if (lines.length > 0) io.error(text(lines));
    },
  };
}

/**
 * What a command reports once it is done: its exit code (default 0), its JSON for `--json`,
 * and its text otherwise (on stdout when it is done, on stderr when it is not).
 */
export interface Report {
  readonly exit?: ExitCode;
  readonly json: unknown;
  readonly text: readonly Shown[];
}

/** Prints a report the way its mode and exit code say. */
export function printReport(out: Output, report: Report): ExitCode {
  const exit = report.exit ?? 0;
  if (out.json) out.data(report.json);
  else if (exit === 0) out.lines(report.text);
  else out.warn(report.text);
  return exit;
}
