import type { Actor } from "../../model/actors.ts";
import type { Rejection } from "../../model/rejections.ts";
import type { PageRefusal } from "../serve/review/page-api.ts";

/** Who someone is, for people: a person's name, `the agent of thr_1`, `system`. */
export function who(actor: Actor): string {
  switch (actor.kind) {
    case "user":
      return actor.name ?? actor.id;
    case "agent":
      return `the agent of ${actor.thread_id}`;
    case "external_agent":
      return actor.name ?? actor.client_id;
    case "system":
      return actor.name;
    case "evaluator":
      return actor.name;
  }
}

/** `1 version`, `3 versions`. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A refusal in one line: `Refused (conflict): …`. */
export function refusalText(refusal: Rejection | PageRefusal): string {
  return `Refused (${refusal.type}): ${refusal.message}`;
}

/** What went wrong, in one line, whatever was thrown. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A JSON Pointer's field for people: `/text` → `text`, `/items/2` → `items › 2`. */
export function fieldOf(path: string): string {
  if (path === "") return "the whole document";
  return path
    .split("/")
    .slice(1)
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
    .join(" › ");
}

/** The lines of a text, without a last empty one for its final newline. */
export function linesOf(text: string): string[] {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** A time as the person's clock reads it (`14:05`), or `null` without one. */
export function timeOf(iso: string | null): string | null {
  if (iso === null) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}
