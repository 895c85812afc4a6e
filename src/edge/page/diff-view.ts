import type { VNode } from "preact";
import type { DataDiff } from "../../model/data-diff.ts";
import type { JsonObject, JsonValue } from "../../model/json.ts";
import type { JsonPatchOperation } from "../../model/patches.ts";
import { html } from "./html.ts";
import { fieldOf, linesOf } from "./words.ts";

/** How a line of a unified diff reads: added, removed, a hunk's header, or context. */
function lineClass(line: string): string {
  if (line.startsWith("@@")) return "hunk";
  if (line.startsWith("+")) return "add";
  if (line.startsWith("-")) return "del";
  return "ctx";
}

/** A hunk's header for people: `@@ -1,4 +1,4 @@` reads `Lines 1–4`. */
function hunkLabel(header: string): string {
  const [, start = "1", length = "1"] = /^@@ -\S+ \+(\d+)(?:,(\d+))? @@/.exec(header) ?? [];
  const [first, size] = [Number(start), Number(length)];
  if (size <= 1) return `Line ${Math.max(first, 1)}`;
  return `Lines ${first}–${first + size - 1}`;
}

/** One field's unified diff, its `---`/`+++` header dropped (the caption names the field). */
function unified(field: string, text: string): VNode {
  const lines = linesOf(text).filter((l) => !l.startsWith("--- ") && !l.startsWith("+++ "));
  return html`<figure class="diff">
    <figcaption>${field}</figcaption>
    <pre>${lines.map((line) => {
      const kind = lineClass(line);
      return html`<span class=${kind}>${kind === "hunk" ? hunkLabel(line) : line}</span>`;
    })}</pre>
  </figure>`;
}

const json = (value: JsonValue): string => JSON.stringify(value);

/** One JSON Patch operation on one line: `replace title "Ship it"`. */
function operation(op: JsonPatchOperation): VNode {
  switch (op.op) {
    case "add":
      return html`<span class="add">+ ${fieldOf(op.path)}: ${json(op.value)}</span>`;
    case "remove":
      return html`<span class="del">− ${fieldOf(op.path)}</span>`;
    case "replace":
      return html`<span class="ctx">${fieldOf(op.path)} → ${json(op.value)}</span>`;
    case "test":
      return html`<span class="ctx">${fieldOf(op.path)} is ${json(op.value)}</span>`;
    case "move":
    case "copy":
      return html`<span class="ctx">${op.op} ${fieldOf(op.from)} → ${fieldOf(op.path)}</span>`;
  }
}

/** What accepting would change: a diff per text field, then the other fields' changes. */
export function DiffView({ diff }: { readonly diff: DataDiff | null }): VNode {
  if (diff === null || (diff.text.length === 0 && diff.json.length === 0)) {
    return html`<p class="meta">Accepting changes nothing: it is already there.</p>`;
  }
  return html`<div class="changes">
    ${diff.text.map((text) => unified(text.field, text.unified))}
    ${
      diff.json.length === 0
        ? null
        : html`<figure class="diff">
            <figcaption>other fields</figcaption>
            <pre>${diff.json.map(operation)}</pre>
          </figure>`
    }
  </div>`;
}

/** A proposed new artifact: its text fields as added lines, the rest as values. */
export function NewDataView({ data }: { readonly data: JsonObject }): VNode {
  const entries = Object.entries(data);
  return html`<div class="changes">
    ${entries.map(([field, value]) =>
      typeof value === "string"
        ? html`<figure class="diff">
            <figcaption>${field}</figcaption>
            <pre>${linesOf(value).map((line) => html`<span class="add">+${line}</span>`)}</pre>
          </figure>`
        : html`<figure class="diff">
            <figcaption>${field}</figcaption>
            <pre><span class="add">+${json(value)}</span></pre>
          </figure>`,
    )}
  </div>`;
}
