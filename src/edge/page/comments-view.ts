// A proposal's discussion on its card: the comments (the person's, other people's, the
// agent's; those on one hunk say which), a form to add one, on the whole proposal or on one of
// the preview's hunks, and "Request changes", which leaves the proposal pending. Everything
// others wrote is set as text by preact, never as markup.
import type { VNode } from "preact";
import { useEffect, useId, useRef, useState } from "preact/hooks";
import type { Hunk } from "../../model/hunks.ts";
import type { Comment, Proposal } from "../../model/proposals.ts";
import type { Actions, Done } from "./actions.ts";
import { useRefocus } from "./history-view.ts";
import { el, html } from "./html.ts";
import type { ProposalItem } from "./inbox.ts";
import { fieldOf, timeOf, who } from "./words.ts";

/** What the discussion of a card needs. */
interface CommentsProps {
  readonly item: ProposalItem;
  readonly actions: Actions;
  readonly onDone: (done: Done) => void;
}

/** The hunks a comment may be on: the preview's, as they are now. */
const hunksOf = ({ preview }: ProposalItem): readonly Hunk[] =>
  preview.ok ? preview.value.hunks : [];

/** Where a hunk is: `Line 2 of text`, `Lines 2–3 of text`, `title`. */
function hunkPlace(hunk: Hunk): string {
  const field = fieldOf(hunk.path);
  if (hunk.kind === "value") return field;
  const range = hunk.removed.length > 0 ? hunk.current : hunk.result;
  const first = range.start + 1;
  return range.end - range.start <= 1
    ? `Line ${first} of ${field}`
    : `Lines ${first}–${range.end} of ${field}`;
}

/** A hunk as a choice: where it is and how its new text starts. */
function hunkChoice(hunk: Hunk): string {
  const shown = hunk.kind === "text" ? (hunk.added[0] ?? hunk.removed[0] ?? "") : "";
  const line = shown.trim();
  const cut = line.length > 40 ? `${line.slice(0, 39)}…` : line;
  return cut === "" ? hunkPlace(hunk) : `${hunkPlace(hunk)}: “${cut}”`;
}

/** What a comment is on, for its label: the whole proposal, a hunk, one no longer there. */
function onWhat(comment: Comment, hunks: readonly Hunk[]): string | null {
  if (comment.hunk_id === null) return null;
  const hunk = hunks.find((h) => h.id === comment.hunk_id);
  return hunk === undefined ? "on a hunk no longer in the change" : `on ${hunkPlace(hunk)}`;
}

/** One comment: who, what kind, on what, when, then the words (as text). */
function CommentRow(props: {
  readonly comment: Comment;
  readonly proposal: Proposal;
  readonly hunks: readonly Hunk[];
}): VNode {
  const { comment, proposal } = props;
  const parts = [comment.kind === "request_changes" ? "asked for changes" : "commented"];
  const on = onWhat(comment, props.hunks);
  if (on !== null) parts.push(on);
  if (comment.proposal_id !== proposal.id) parts.push(`on ${comment.proposal_id}`);
  if (comment.reply_to !== null) {
    const to = proposal.comments.find((c) => c.id === comment.reply_to);
    parts.push(`replying to ${to === undefined ? comment.reply_to : who(to.by)}`);
  }
  const at = timeOf(comment.at);
  if (at !== null) parts.push(at);
  const by = comment.by.kind === "agent" ? "by-agent" : "by-person";
  return html`<li class=${`comment ${comment.kind} ${by}`}>
    <p class="meta"><strong>${who(comment.by)}</strong> ${parts.join(" · ")}</p>
    <p class="comment-text">${comment.text}</p>
  </li>`;
}

type Writing = "comment" | "changes";

/** The form for a comment (on the whole or one hunk) or for a request for changes. */
function CommentForm(props: {
  readonly writing: Writing;
  readonly hunks: readonly Hunk[];
  readonly busy: boolean;
  readonly send: (text: string, hunkId: string | null) => void;
  readonly cancel: () => void;
}): VNode {
  const { writing, hunks, busy } = props;
  const [text, setText] = useState("");
  const [hunk, setHunk] = useState("");
  const textId = useId();
  const hunkId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => area.current?.focus(), []);
  const submit = (event: Event): void => {
    event.preventDefault();
    props.send(text, hunk === "" ? null : hunk);
  };
  const changes = writing === "changes";
  const select = html`<label for=${hunkId}>On</label>
    <select id=${hunkId} value=${hunk}
      onChange=${(event: Event) => setHunk((event.currentTarget as HTMLSelectElement).value)}>
      <option value="">The whole proposal</option>
      ${hunks.map((h) => html`<option value=${h.id}>${hunkChoice(h)}</option>`)}
    </select>`;
  return html`<form class="comment-form" onSubmit=${submit}>
    ${changes || hunks.length === 0 ? null : select}
    <label for=${textId}>
      ${changes ? "What should change (the agent reads it)" : "Your comment (the agent reads it)"}
    </label>
    <textarea id=${textId} ref=${area} rows="3" value=${text}
      onInput=${(event: Event) => setText((event.currentTarget as HTMLTextAreaElement).value)} />
    <div class="actions">
      <button type="submit" class="primary" disabled=${busy}>
        ${changes ? "Request changes" : "Add comment"}
      </button>
      <button type="button" onClick=${props.cancel} disabled=${busy}>Cancel</button>
    </div>
  </form>`;
}

/** The marks beside a card's title: changes were asked for, it revises another. */
export function ProposalMarks({ proposal }: { readonly proposal: Proposal }): VNode | null {
  const { revises, changes_requested: asked } = proposal;
  if (revises === null && !asked) return null;
  return html`<span class="marks">
    ${revises === null ? null : html`<span class="chip revises">Revises ${revises}</span>`}
    ${asked ? html`<span class="badge ask">Changes requested</span>` : null}
  </span>`;
}

/** A card's discussion: its comments, then Comment and Request changes (each opens a form). */
export function CommentsView({ item, actions, onDone }: CommentsProps): VNode {
  const [writing, setWriting] = useState<Writing | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const { proposal } = item;
  const hunks = hunksOf(item);
  const commentButton = useRefocus<HTMLButtonElement>(writing === "comment");
  const changesButton = useRefocus<HTMLButtonElement>(writing === "changes");
  const open = (next: Writing | null) => (): void => {
    setProblem(null);
    setWriting(next);
  };
  const send = async (text: string, hunkId: string | null): Promise<void> => {
    // The core refuses an empty comment too; saying so here spares a round trip.
    if (text.trim() === "") return setProblem("Write something first.");
    setBusy(true);
    setProblem(null);
    const done =
      writing === "changes"
        ? await actions.requestChanges(proposal.id, text)
        : await actions.comment(proposal.id, text, hunkId);
    setBusy(false);
    if (!done.ok) return setProblem(done.message);
    setWriting(null);
    onDone(done);
  };
  const { comments } = proposal;
  const form = el(CommentForm, {
    writing: writing ?? "comment",
    hunks,
    busy,
    send: (text, hunkId) => void send(text, hunkId),
    cancel: open(null),
  });
  const buttons = html`<div class="actions">
    <button type="button" ref=${commentButton} onClick=${open("comment")}>Comment</button>
    <button type="button" ref=${changesButton} onClick=${open("changes")}>
      Request changes
    </button>
  </div>`;
  return html`<section class="discussion" aria-labelledby=${titleId}>
    <h4 id=${titleId}>Comments <span class="count">${comments.length}</span></h4>
    ${
      comments.length === 0
        ? null
        : html`<ol class="comments">${comments.map((comment) =>
            el(CommentRow, { key: comment.id, comment, proposal, hunks }),
          )}</ol>`
    }
    ${writing === null ? buttons : form}
    ${problem === null ? null : html`<p class="alert" role="alert">${problem}</p>`}
  </section>`;
}
