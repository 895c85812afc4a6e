import type { Patch } from "../model/patches.ts";

// Enough operations to say what a patch does without flooding a change summary.
const SHOWN_OPERATIONS = 3;

/**
 * A short, human-readable summary of a patch for change notes and events, worded as the
 * original: `edited text (2 replacements)` or `add /a0; add /a1; add /a2; and 2 more`.
 */
export function describePatch(patch: Patch): string {
  switch (patch.kind) {
    case "text_edits": {
      const n = patch.edits.length;
      return `edited ${patch.field} (${n} ${n === 1 ? "replacement" : "replacements"})`;
    }
    case "json_patch": {
      const items = patch.ops.slice(0, SHOWN_OPERATIONS).map((op) => `${op.op} ${op.path}`);
      const more = patch.ops.length - SHOWN_OPERATIONS;
      if (more > 0) items.push(`and ${more} more`);
      return items.join("; ");
    }
    default: {
      const unknown: never = patch;
      throw new Error(`unknown patch kind: ${JSON.stringify(unknown)}`);
    }
  }
}
