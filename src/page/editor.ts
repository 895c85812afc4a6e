import type { VNode } from "preact";
import { useEffect, useId, useState } from "preact/hooks";
import type { Done } from "./actions.ts";
import { html } from "./html.ts";
import type { EditDocument } from "./review-api.ts";
import type { ReviewClient } from "./review-client.ts";
import { errorText, linesOf, refusalText } from "./words.ts";

/** What the editor needs: which proposal, how to open its document, how to save. */
export interface EditorProps {
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
  const rows = Math.min(Math.max(linesOf(value).length + 1, 4), 24);
  return html`<form class="editor" onSubmit=${submit}>
    <label for=${id}>${labelOf(document)}</label>
    <textarea id=${id} rows=${rows} spellcheck=${false} value=${value}
      onInput=${(event: Event) => setText((event.currentTarget as HTMLTextAreaElement).value)} />
    ${refusal === null ? null : html`<p class="alert" role="alert">${refusal}</p>`}
    <div class="actions">
      <button type="submit" class="primary" disabled=${busy}>Save and accept</button>
      <button type="button" onClick=${props.close} disabled=${busy}>Cancel</button>
    </div>
  </form>`;
}
