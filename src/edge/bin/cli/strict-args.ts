import type { ArgsDef } from "citty";
import { usage } from "./exit.ts";

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const camel = (name: string): string =>
  name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Every spelling of each option (`--pg-schema`, `--pgSchema`, `--no-json`), with its type. */
function spellings(def: ArgsDef): Map<string, "string" | "boolean"> {
  const known = new Map<string, "string" | "boolean">();
  for (const [name, arg] of Object.entries(def)) {
    if (arg.type === "positional") continue;
    const type = arg.type === "boolean" ? "boolean" : "string";
    const aliases = arg.type === undefined || !("alias" in arg) ? [] : [arg.alias ?? []].flat();
    for (const spelling of [name, kebab(name), camel(name), ...aliases]) {
      known.set(spelling, type);
      if (type === "boolean") known.set(`no-${spelling}`, type);
    }
  }
  return known;
}

/**
 * Refuses what citty's lenient parser would let through: an option the command does not
 * define (a typo like `--jsno`), a string option without its value, and more arguments than
 * the command takes (any number of them for the last positional when `variadic`, as in
 * `accept ID ID …`). Mirrors the parser: a string option takes the next argument as its value.
 *
 * @throws CliError `usage` naming the option or argument.
 */
export function checkArgs(rawArgs: readonly string[], def: ArgsDef, variadic = false): void {
  const known = spellings(def);
  const wanted = Object.values(def).filter((arg) => arg.type === "positional").length;
  const extra: string[] = [];
  for (let i = 0; i < rawArgs.length; i++) {
    const token = rawArgs[i] ?? "";
    if (token === "--") {
      extra.push(...rawArgs.slice(i + 1));
      break;
    }
    if (!token.startsWith("-") || token === "-") {
      extra.push(token);
      continue;
    }
    const [flag = "", value] = token.split(/=(.*)/s, 2);
    const type = known.get(flag.replace(/^--?/, ""));
    if (type === undefined) throw usage(`unknown option ${flag}`);
    if (type === "string" && value === undefined) {
      if (i + 1 >= rawArgs.length) throw usage(`${flag} needs a value`);
      i++;
    }
  }
  const surplus = variadic ? [] : extra.slice(wanted);
  if (surplus.length > 0) throw usage(`unexpected argument ${surplus.join(" ")}`);
}
