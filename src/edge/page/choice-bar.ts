// The choice buttons of one conflicting region (ADR 0054): take current, take proposed, keep
// both in either order, or edit it. What is chosen is sent as the person's changes when they
// accept their choices; the server names regions the same way and refuses any it does not know.
import type { VNode } from "preact";
import { useId } from "preact/hooks";
import type { ConflictChoice } from "../../model/conflict-choices.ts";
import type { JsonConflict } from "../../model/conflicts.ts";
import { html } from "./html.ts";

/** A choice being made: a take, or an edit whose text is still being written. */
export type PageChoice =
  | { readonly take: "current" | "proposed" | "both" | "both_reversed" }
  | { readonly take: "edit"; readonly text: string };

/**
 * The names of a conflict's regions, as `conflictRegions` names them on the server: the
 * pointer, and `#n` (from 1) for each region of a text or sequence conflict.
 */
export function regionNames(conflict: JsonConflict): string[] {
  if (conflict.reason === "text" || conflict.reason === "sequence") {
    return conflict.hunks.map((_, i) => `${conflict.path}#${i + 1}`);
  }
  return [conflict.path];
}

/** What an edit starts from: the region as it is now. */
export function editStart(conflict: JsonConflict, hunk: number): string {
  if (conflict.reason === "text") return conflict.hunks[hunk]?.ours.lines.join("") ?? "";
  if (conflict.reason === "sequence") {
    return JSON.stringify(conflict.hunks[hunk]?.ours.items ?? [], null, 2);
  }
  return conflict.ours === undefined ? "" : JSON.stringify(conflict.ours, null, 2);
}

/** A page choice as the server takes it; an edit of JSON that does not parse is a message. */
export function choiceOf(conflict: JsonConflict, choice: PageChoice): ConflictChoice | string {
  if (choice.take !== "edit") return { take: choice.take };
  if (conflict.reason === "text") return { take: "edit", value: choice.text };
  try {
    return { take: "edit", value: JSON.parse(choice.text) };
  } catch {
    return "an edited value is not JSON";
  }
}

const TAKES = [
  ["current", "Take current"],
  ["proposed", "Take proposed"],
  ["both", "Both: current first"],
  ["both_reversed", "Both: proposed first"],
] as const;

/** The buttons of one region; each says whether it is the one chosen (`aria-pressed`). */
export function ChoiceBar(props: {
  readonly name: string;
  /** Whether both sides can be kept (lines or items), not one value. */
  readonly joinable: boolean;
  readonly chosen: PageChoice | undefined;
  readonly start: string;
  readonly choose: (choice: PageChoice) => void;
}): VNode {
  const { name, chosen, choose } = props;
  const editId = useId();
  const takes = TAKES.filter(([take]) => props.joinable || !take.startsWith("both"));
  const pressed = (take: string) => (chosen?.take === take ? "true" : "false");
  const editing = chosen?.take === "edit" ? chosen : null;
  return html`<div class="choices" role="group" aria-label=${`Choose for ${name}`}>
    ${takes.map(
      ([take, label]) => html`<button type="button" aria-pressed=${pressed(take)}
        onClick=${() => choose({ take })}>${label}</button>`,
    )}
    <button type="button" aria-pressed=${pressed("edit")}
      onClick=${() => choose({ take: "edit", text: editing?.text ?? props.start })}>Edit</button>
    ${
      editing === null
        ? null
        : html`<label for=${editId}>Your version of ${name}</label>
          <textarea id=${editId} class="region-edit" rows="4" value=${editing.text}
            onInput=${(event: Event) =>
              choose({ take: "edit", text: (event.currentTarget as HTMLTextAreaElement).value })}
          ></textarea>`
    }
  </div>`;
}
