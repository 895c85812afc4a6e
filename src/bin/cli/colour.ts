import { stripVTControlCharacters } from "node:util";

/** Paints text for a terminal; every function is the identity when colour is off. */
export interface Palette {
  readonly enabled: boolean;
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly red: (text: string) => string;
  readonly green: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly cyan: (text: string) => string;
}

const sgr =
  (on: number, off: number) =>
  (text: string): string =>
    `\u001b[${on}m${text}\u001b[${off}m`;
const plain = (text: string): string => text;

/** The palette for a terminal (`enabled`) or for anything else (no escape codes at all). */
export function palette(enabled: boolean): Palette {
  if (!enabled) {
    return {
      enabled,
      bold: plain,
      dim: plain,
      red: plain,
      green: plain,
      yellow: plain,
      cyan: plain,
    };
  }
  return {
    enabled,
    bold: sgr(1, 22),
    dim: sgr(2, 22),
    red: sgr(31, 39),
    green: sgr(32, 39),
    yellow: sgr(33, 39),
    cyan: sgr(36, 39),
  };
}

/** What colour depends on: the environment, whether stdout is a terminal, and `--json`. */
interface ColourContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly tty: boolean;
  readonly json: boolean;
}

/**
 * Whether to colour: only when stdout is a terminal (not `TERM=dumb`), and never with `--json`
 * or a non-empty `NO_COLOR` (no-color.org).
 */
export function wantsColour({ env, tty, json }: ColourContext): boolean {
  return tty && !json && (env.NO_COLOR ?? "") === "" && env.TERM !== "dumb";
}

/** Text with its escape codes removed, for output that must not be coloured (citty's help). */
export function uncoloured(text: string): string {
  return stripVTControlCharacters(text);
}
