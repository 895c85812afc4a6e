import type { VNode } from "preact";
import type { JsonConflict } from "../../model/conflicts.ts";
import type { JsonValue } from "../../model/json.ts";
import { ChoiceBar, editStart, type PageChoice, regionNames } from "./choice-bar.ts";
import { el, html } from "./html.ts";
import { fieldOf } from "./words.ts";

/** The versions a conflict is between, as the page names them. */
interface Versions {
  /** The artifact's version now. */
  readonly current: number | null;
  /** The version the proposal was based on. */
  readonly base: number | null;
}

const REASONS: Readonly<Record<JsonConflict["reason"], string>> = {
  both_changed: "changed both ways",
  type_changed: "changed both ways, to different kinds of value",
  delete_modify: "removed on one side, changed on the other",
  both_added: "added both ways",
  text: "the same lines changed both ways",
  sequence: "the same items changed both ways",
};

const version = (label: string, at: number | null): string =>
  at === null ? label : `${label} (v${at})`;

/** One side of a region: its label and lines. */
function side(label: string, lines: readonly string[], kind: string): VNode {
  const text = lines.map((line) => line.replace(/\r?\n$/, "")).join("\n");
  return html`<figure class=${`side ${kind}`}>
    <figcaption>${label}</figcaption>
    <pre>${text === "" ? html`<i>(nothing)</i>` : text}</pre>
  </figure>`;
}

/** Where a region is in the artifact now: `Line 3`, `Lines 3–5`, `Before line 3` (none left). */
function where(unit: string, range: { readonly start: number; readonly end: number }): string {
  const first = range.start + 1;
  if (range.end <= range.start) return `Before ${unit} ${first}`;
  const name = `${unit[0]?.toUpperCase() ?? ""}${unit.slice(1)}`;
  return range.end === first ? `${name} ${first}` : `${name}s ${first}–${range.end}`;
}

const items = (values: readonly JsonValue[]): string[] => values.map((v) => JSON.stringify(v));

const valueLines = (value: JsonValue | undefined): string[] =>
  value === undefined ? [] : [JSON.stringify(value, null, 2)];

/** The choices made so far, by region name, and how to make one; absent: no buttons. */
interface Choosing {
  readonly chosen: Readonly<Record<string, PageChoice>>;
  readonly choose: (name: string, choice: PageChoice) => void;
}

/** The choice buttons of region `hunk` of a conflict, when choosing. */
function bar(conflict: JsonConflict, hunk: number, choosing: Choosing | null): VNode | null {
  if (choosing === null) return null;
  const name = regionNames(conflict)[hunk] ?? conflict.path;
  return el(ChoiceBar, {
    name,
    joinable: conflict.reason === "text" || conflict.reason === "sequence",
    chosen: Object.hasOwn(choosing.chosen, name) ? choosing.chosen[name] : undefined,
    start: editStart(conflict, hunk),
    choose: (choice) => choosing.choose(name, choice),
  });
}

/** The three sides' names: now, the other side, and what both started from. */
type Names = readonly [string, string, string];

/** The regions of one conflict: now, proposed, and what both started from. */
function regions(conflict: JsonConflict, names: Names, choosing: Choosing | null): VNode[] {
  if (conflict.reason === "text") {
    return conflict.hunks.map(
      (hunk, i) => html`<div class="region">
        <p class="meta">${where("line", hunk.ours)}</p>
        <div class="sides">
          ${side(names[0] ?? "", hunk.ours.lines, "ours")}
          ${side(names[1] ?? "", hunk.theirs.lines, "theirs")}
          ${side(names[2] ?? "", hunk.base.lines, "base")}
        </div>
        ${bar(conflict, i, choosing)}
      </div>`,
    );
  }
  if (conflict.reason === "sequence") {
    return conflict.hunks.map(
      (hunk, i) => html`<div class="region">
        <p class="meta">${where("item", hunk.ours)}</p>
        <div class="sides">
          ${side(names[0] ?? "", items(hunk.ours.items), "ours")}
          ${side(names[1] ?? "", items(hunk.theirs.items), "theirs")}
          ${side(names[2] ?? "", items(hunk.base.items), "base")}
        </div>
        ${bar(conflict, i, choosing)}
      </div>`,
    );
  }
  return [
    html`<div class="region"><div class="sides">
      ${side(names[0] ?? "", valueLines(conflict.ours), "ours")}
      ${side(names[1] ?? "", valueLines(conflict.theirs), "theirs")}
      ${side(names[2] ?? "", valueLines(conflict.base), "base")}
    </div>${bar(conflict, 0, choosing)}</div>`,
  ];
}

/** Where a proposal conflicts with the artifact now: each conflict, region by region. */
export function ConflictView(props: {
  readonly conflicts: readonly JsonConflict[];
  readonly versions: Versions;
  /** The choices per region, when the person may choose (else the regions are shown only). */
  readonly choosing?: Choosing;
  /** The sides' names, when they are not a proposal's (a revert's, say). */
  readonly names?: Names;
}): VNode {
  const { current, base } = props.versions;
  const names = props.names ?? [
    version("Now", current),
    "Proposed",
    version("Both started from", base),
  ];
  return html`<div class="conflicts">
    ${props.conflicts.map(
      (conflict) => html`<section class="conflict">
        <h4>Conflict in ${fieldOf(conflict.path)}: ${REASONS[conflict.reason]}</h4>
        ${regions(conflict, names, props.choosing ?? null)}
      </section>`,
    )}
  </div>`;
}
