import type { VNode } from "preact";
import { useEffect, useId, useRef, useState } from "preact/hooks";
import type { EditDocument } from "../serve/review/page-api.ts";
import type { Done } from "./actions.ts";
import { html } from "./html.ts";
import type { ReviewClient } from "./review-client.ts";
import { errorText, linesOf, refusalText } from "./words.ts";

/** What the editor needs: which proposal, how to open its document, how to save. */
interface EditorProps {
  readonly proposalId: string;
  readonly review: ReviewClient;
  /** Accepts with the saved text, against the document it was opened on. */
  readonly save: (document: EditDocument, text: string) => Promise<Done>;
  readonly close: () => void;
}

type Opened =
  | { readonly state: "opening" }
  | { readonly state: "open"; readonly document: EditDocument }
  | { readonly state: "refused"; readonly message: string };

function labelOf(document: EditDocument): string {
  if (document.conflicted) return "Resolve the conflict: keep what should land, remove the markers";
  return document.field === null ? "Your version, as JSON" : `Your version of ${document.field}`;
}

function helpOf(document: EditDocument): string {
  const against =
    document.base_version === null
      ? "on the proposed data"
      : `as your changes against version ${document.base_version}`;
  return `What you save lands ${against}. Ctrl+Enter saves.`;
}

/** Opens the proposal's document once (as `accept --edit` would open the editor on it). */
function useDocument(review: ReviewClient, proposalId: string): Opened {
  const [opened, setOpened] = useState<Opened>({ state: "opening" });
  useEffect(() => {
    let gone = false;
    review
      .document(proposalId)
      .then((answer) => {
        if (gone) return;
        if (answer.ok) setOpened({ state: "open", document: answer.document });
        else setOpened({ state: "refused", message: refusalText(answer.rejection) });
      })
      .catch(
        (error: unknown) => gone || setOpened({ state: "refused", message: errorText(error) }),
      );
    return () => {
      gone = true;
    };
  }, [review, proposalId]);
  return opened;
}

/**
 * The editor for accepting with changes, or resolving a conflict: the text that would land
 * (or the text with conflict markers); what is saved lands as the person's changes against
 * the version it was opened on. A refusal keeps the text, so nothing typed is lost.
 */
export function Editor(props: EditorProps): VNode {
  const opened = useDocument(props.review, props.proposalId);
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => area.current?.focus(), [opened.state]);
  if (opened.state === "opening") return html`<p class="meta">Opening the editor…</p>`;
  if (opened.state === "refused") {
    return html`<div class="editor">
      <p class="alert" role="alert">${opened.message}</p>
      <div class="actions"><button type="button" onClick=${props.close}>Close</button></div>
    </div>`;
  }
  const { document } = opened;
  const value = text ?? document.text;
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    const done = await props.save(document, value);
    setBusy(false);
    if (!done.ok) setRefusal(done.message);
  };
  // Ctrl+Enter (⌘+Enter) saves, as in most editors' commit boxes.
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void submit(event);
  };
  const rows = Math.min(Math.max(linesOf(value).length + 1, 4), 24);
  return html`<form class="editor" onSubmit=${submit}>
    <label for=${id}>${labelOf(document)}</label>
    <textarea id=${id} ref=${area} rows=${rows} spellcheck=${false} value=${value}
      aria-describedby=${`${id}-help`} onKeyDown=${onKeyDown} onInput=${(event: Event) => setText((event.currentTarget as HTMLTextAreaElement).value)} />
    <p id=${`${id}-help`} class="meta">${helpOf(document)}</p>
    ${refusal === null ? null : html`<p class="alert" role="alert">${refusal}</p>`}
    <div class="actions">
      <button type="submit" class="primary" disabled=${busy}>Save and accept</button>
      <button type="button" onClick=${props.close} disabled=${busy}>Cancel</button>
    </div>
  </form>`;
}
