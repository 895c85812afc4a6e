// A proposal's hunks on its card (ADR 0048), each with a Keep checkbox, kept by default: the
// person leaves out what they do not want and accepts the rest as one revision. Ids come from
// the hunks' content, so a choice survives a re-read while the artifact changes elsewhere; a
// hunk the person left out that changed since (its id is gone) stops the accept once, so a
// changed hunk is never landed without the person seeing it kept.
import type { VNode } from "preact";
import { useState } from "preact/hooks";
import type { Hunk } from "../../model/hunks.ts";
import type { JsonValue } from "../../model/json.ts";
import type { Actions, Done } from "./actions.ts";
import { el, html } from "./html.ts";
import type { ProposalItem } from "./inbox.ts";
import { count, fieldOf } from "./words.ts";

/**
 * The hunks a person may choose among on `item`'s card: those of a clean edit's preview, when
 * there are two or more (one hunk is the whole proposal: Accept says it); else none.
 */
function hunksToChoose(item: ProposalItem): readonly Hunk[] {
  const { preview, proposal } = item;
  if (!preview.ok || proposal.change.type !== "edit_artifact") return [];
  const { value } = preview;
  if (value.blocked !== null || !value.mergeable || value.hunks.length < 2) return [];
  return value.hunks;
}

/** The accept button's words: "Accept kept hunks" where hunks are chosen, else "Accept". */
export function acceptLabel(item: ProposalItem): string {
  return hunksToChoose(item).length > 0 ? "Accept kept hunks" : "Accept";
}

/** `line 2`, `lines 2–4`, `after line 3`: where a text hunk is in the text now (from 1). */
function linesText({ start, end }: { readonly start: number; readonly end: number }): string {
  if (end - start === 1) return `line ${start + 1}`;
  if (end > start) return `lines ${start + 1}–${end}`;
  return start === 0 ? "at the start" : `after line ${start}`;
}

/** Where a hunk is, for people: `text, line 2`, `owner, changed`. */
function place(hunk: Hunk): string {
  const field = fieldOf(hunk.path);
  if (hunk.kind === "text") return `${field}, ${linesText(hunk.current)}`;
  if (hunk.before === undefined) return `${field}, added`;
  return `${field}, ${hunk.after === undefined ? "removed" : "changed"}`;
}

/** A hunk's name among `hunks`: `hunk 2 of 3 (text, line 5)`. */
function hunkName(hunk: Hunk, hunks: readonly Hunk[]): string {
  return `hunk ${hunks.indexOf(hunk) + 1} of ${hunks.length} (${place(hunk)})`;
}

/** The hunks of `hunks` named in a list: `hunk 1 of 2 (text, line 2)`, or `none`. */
export function hunkNames(chosen: readonly Hunk[], hunks: readonly Hunk[]): string {
  return chosen.length === 0 ? "none" : chosen.map((hunk) => hunkName(hunk, hunks)).join(", ");
}

/** Which of a card's hunks the person keeps, and how to change that. */
export interface HunkChoice {
  /** The hunks to choose among (none when the card has fewer than two). */
  readonly hunks: readonly Hunk[];
  readonly kept: (id: string) => boolean;
  readonly toggle: (id: string) => void;
  /**
   * Accepts the kept hunks (all of them: a plain accept), or says in words why it does not
   * send anything yet: none is kept, or a hunk left out changed since.
   */
  readonly accept: (actions: Actions, proposalId: string, artifactId: string) => Promise<Done>;
}

const refused = (message: string): Promise<Done> => Promise.resolve({ ok: false, message });

/** The Keep choices of `item`'s hunks: every hunk is kept until the person leaves it out. */
export function useHunkChoice(item: ProposalItem): HunkChoice {
  // What is stored is what the person left out: a hunk not seen before is kept, as shown.
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(new Set());
  const hunks = hunksToChoose(item);
  const toggle = (id: string): void =>
    setLeftOut((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const accept: HunkChoice["accept"] = (actions, proposalId, artifactId) => {
    if (hunks.length === 0) return actions.accept(proposalId, artifactId);
    const ids = new Set(hunks.map((hunk) => hunk.id));
    const changed = [...leftOut].filter((id) => !ids.has(id));
    if (changed.length > 0) {
      setLeftOut(new Set([...leftOut].filter((id) => ids.has(id))));
      return refused(
        `${count(changed.length, "hunk")} you left out changed since you chose (the artifact moved on): it is shown as it is now, kept. Check the hunks, then accept again.`,
      );
    }
    const kept = hunks.filter((hunk) => !leftOut.has(hunk.id));
    if (kept.length === 0) {
      return refused("Every hunk is left out: keep at least one, or reject the proposal.");
    }
    return actions.acceptHunks(proposalId, artifactId, { hunks, kept });
  };
  return { hunks, kept: (id) => !leftOut.has(id), toggle, accept };
}

/** A text's lines as a diff shows them, their line ends dropped. */
const lines = (sign: string, kind: string, texts: readonly string[]): VNode[] =>
  texts.map((text) => html`<span class=${kind}>${sign}${text.replace(/\r?\n$/, "")}</span>`);

const json = (value: JsonValue | undefined): string[] =>
  value === undefined ? [] : [JSON.stringify(value)];

/** One hunk: its Keep checkbox (named after the hunk), then its removed and added lines. */
function HunkRow(props: {
  readonly hunk: Hunk;
  readonly hunks: readonly Hunk[];
  readonly choice: HunkChoice;
}): VNode {
  const { hunk, hunks, choice } = props;
  const kept = choice.kept(hunk.id);
  const [removed, added] =
    hunk.kind === "text" ? [hunk.removed, hunk.added] : [json(hunk.before), json(hunk.after)];
  return html`<li class=${`hunk-row diff ${kept ? "kept" : "left-out"}`}>
    <label class="keep">
      <input type="checkbox" checked=${kept} onChange=${() => choice.toggle(hunk.id)} />
      Keep ${hunkName(hunk, hunks)}
    </label>
    <span class="hunk-state">${kept ? "kept" : "left out"}</span>
    <pre>${lines("-", "del", removed)}${lines("+", "add", added)}</pre>
  </li>`;
}

/** The card's hunks, each with its Keep checkbox; what is kept lands on "Accept kept hunks". */
export function HunkView({ choice }: { readonly choice: HunkChoice }): VNode {
  const { hunks } = choice;
  const kept = hunks.filter((hunk) => choice.kept(hunk.id)).length;
  return html`<div class="hunks">
    <p class="meta">
      ${count(hunks.length, "hunk")}, ${kept} kept. Leave out what you do not want; the kept
      hunks land as one version.
    </p>
    <ol class="hunk-list">
      ${hunks.map((hunk) => el(HunkRow, { key: hunk.id, hunk, hunks, choice }))}
    </ol>
  </div>`;
}
