import { ok, type Result } from "../model/result.ts";
import { scanAnchors } from "./anchor-scan.ts";
import { EditedText } from "./edited-text.ts";
import { foldTextEdits, type TextEdit } from "./text-edits-fold.ts";

// An anchor found more often than this in the original is almost surely ambiguous; keeping
// every position would cost memory for nothing, so such a patch takes the literal fold.
const MOST_POSITIONS = 64;

function longestOf(anchors: readonly string[]): number {
  let longest = 0;
  for (const anchor of anchors) longest = Math.max(longest, anchor.length);
  return longest;
}

/**
 * The same answer as {@link foldTextEdits}, from one scan of the original for every anchor
 * instead of one scan of the whole text per edit. Each edit then checks only the original
 * positions of its anchor and the text near earlier edits. Whatever the scan cannot settle
 * (an empty anchor, a failing edit, an anchor found too often) is handed to the fold, on the
 * text as edited so far, so messages and results are the fold's own.
 */
export function applyEditsInOneScan(text: string, edits: readonly TextEdit[]): Result<string> {
  const anchors = [...new Set(edits.flatMap((edit) => (edit.old === "" ? [] : [edit.old])))];
  const found = scanAnchors(text, anchors, MOST_POSITIONS);
  if (found === undefined) return foldTextEdits(text, edits);
  const ids = new Map(anchors.map((anchor, id) => [anchor, id]));
  const edited = new EditedText(text, longestOf(anchors));
  for (const [index, edit] of edits.entries()) {
    const inOriginal = found[ids.get(edit.old) ?? -1];
    const spots = inOriginal === undefined ? undefined : edited.find(edit.old, inOriginal);
    if (spots?.first === undefined || spots.another) {
      return foldTextEdits(edited.toString(), edits.slice(index));
    }
    edited.replace(spots.first, edit.old, edit.new);
  }
  return ok(edited.toString());
}
