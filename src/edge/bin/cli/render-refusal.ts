import { JsonConflictSchema } from "../../../model/conflicts.ts";
import type { Palette } from "./colour.ts";
import type { Refusal } from "./exit.ts";
import { renderConflict } from "./render-diff.ts";
import { line, type Shown } from "./shown.ts";

// The details worth a line each, beyond the message; conflicts get their markers.
function details(refusal: Refusal, paint: Palette): Shown[] {
  const lines: Shown[] = [];
  const errors = Array.isArray(refusal.errors) ? refusal.errors : [];
  for (const error of errors as { loc?: unknown[]; msg?: unknown }[]) {
    const at = (Array.isArray(error.loc) ? error.loc : []).join(".") || "(input)";
    lines.push(line`  ${at}: ${String(error.msg ?? "")}`);
  }
  const conflicts = Array.isArray(refusal.conflicts) ? refusal.conflicts : [];
  for (const conflict of conflicts) {
    const parsed = JsonConflictSchema.safeParse(conflict);
    if (parsed.success) lines.push(...renderConflict(parsed.data, paint));
  }
  return lines;
}

/**
 * A refusal for people: `refused (<type>): <message>`, then its details (each invalid field,
 * each conflict with its markers) and, when given, a hint of what to do next. Everything in
 * it is made visible (`shown`): a message quoting an agent's id or text cannot write to the
 * terminal or start a line.
 */
export function renderRefusal(refusal: Refusal, paint: Palette, hint?: string): Shown[] {
  return [
    line`${paint.red(`refused (${refusal.type})`)}: ${refusal.message}`,
    ...details(refusal, paint),
    ...(hint === undefined ? [] : [paint.dim(hint)]),
  ];
}
