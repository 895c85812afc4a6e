import { stripVTControlCharacters } from "node:util";
import { line, type Shown, sgr } from "./shown.ts";

/**
 * Paints text for a terminal; when colour is off, every function leaves it unpainted. A
 * string given is made visible first (`shown`), so the palette's codes are the only ones.
 */
export interface Palette {
  readonly enabled: boolean;
  readonly bold: (text: string | Shown) => Shown;
  readonly dim: (text: string | Shown) => Shown;
  readonly red: (text: string | Shown) => Shown;
  readonly green: (text: string | Shown) => Shown;
  readonly yellow: (text: string | Shown) => Shown;
  readonly cyan: (text: string | Shown) => Shown;
}

const paint =
  (on: number, off: number) =>
  (text: string | Shown): Shown =>
    sgr(on, off, text);
const plain = (text: string | Shown): Shown => line`${text}`;

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
    bold: paint(1, 22),
    dim: paint(2, 22),
    red: paint(31, 39),
    green: paint(32, 39),
    yellow: paint(33, 39),
    cyan: paint(36, 39),
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
