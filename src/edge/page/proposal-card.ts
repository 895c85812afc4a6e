import type { VNode } from "preact";
import { useEffect, useId, useRef, useState } from "preact/hooks";
import type { ConflictChoice } from "../../model/conflict-choices.ts";
import type { Actions, Done } from "./actions.ts";
import { choiceOf, type PageChoice, regionNames } from "./choice-bar.ts";
import { CommentsView, ProposalMarks } from "./comments-view.ts";
import { ConflictView } from "./conflict-view.ts";
import { DiffView, NewDataView } from "./diff-view.ts";
import { Editor } from "./editor.ts";
import { el, html } from "./html.ts";
import { acceptLabel, type HunkChoice, HunkView, useHunkChoice } from "./hunk-view.ts";
import type { ProposalItem } from "./inbox.ts";
import { RepeatMark } from "./repeat-mark.ts";
import type { ReviewClient } from "./review-client.ts";
import { count, refusalText, who } from "./words.ts";

/** A pending proposal's card: what it changes, how it stands now, and the answers to it. */
interface ProposalCardProps {
  readonly item: ProposalItem;
  readonly actions: Actions;
  readonly review: ReviewClient;
  /** Hears an answer that went through (the card is gone once the inbox is read again). */
  readonly onDone: (done: Done) => void;
}

type Mode = "idle" | "editing" | "rejecting";

function titleOf({ proposal, artifact }: ProposalItem): string {
  const { change } = proposal;
  switch (change.type) {
    case "create_artifact":
      return `New ${change.kind} ${change.artifact_id}`;
    case "edit_artifact":
      return `Edit of ${change.artifact_id}${artifact === null ? "" : ` (${artifact.kind})`}`;
    case "archive_artifact":
      return `Archive of ${change.artifact_id}`;
  }
}

/** Where the proposal started from and where the artifact is now. */
function baseText({ proposal, artifact, preview }: ProposalItem): string {
  const { change } = proposal;
  if (change.type === "create_artifact") return "a new artifact";
  const now = artifact === null ? "gone now" : `now at v${artifact.version}`;
  const behind = preview.ok ? preview.value.behind : 0;
  const lag = behind === 0 ? "up to date" : `${count(behind, "version")} behind`;
  return `based on v${change.base_version}, ${now} (${lag})`;
}

/** The badge: clean, already there, N conflicts, or blocked. */
function standing({ preview }: ProposalItem): { readonly text: string; readonly tone: string } {
  if (!preview.ok) return { text: "Cannot preview", tone: "bad" };
  const { value } = preview;
  if (value.blocked !== null) return { text: `Blocked: ${value.blocked.type}`, tone: "bad" };
  if (!value.mergeable) return { text: count(value.conflicts.length, "conflict"), tone: "bad" };
  if (value.already_present) return { text: "Already there", tone: "muted" };
  return { text: "Merges cleanly", tone: "ok" };
}

/** The choices made for a conflicting proposal's regions, and how to make one. */
interface Choosing {
  readonly chosen: Readonly<Record<string, PageChoice>>;
  readonly choose: (name: string, choice: PageChoice) => void;
}

/** What accepting it would do: the diff, the new data, the conflicts, or why it cannot. */
function ProposalBody({
  item,
  choosing,
  hunks,
}: {
  readonly item: ProposalItem;
  readonly choosing: Choosing;
  readonly hunks: HunkChoice;
}): VNode {
  const { preview, proposal, artifact } = item;
  if (!preview.ok) return html`<p class="alert">${refusalText(preview.rejection)}</p>`;
  const { value } = preview;
  if (value.blocked !== null) {
    return html`<p class="alert">Accepting it now is refused. ${refusalText(value.blocked)}</p>`;
  }
  const { change } = proposal;
  if (!value.mergeable) {
    const base = change.type === "create_artifact" ? null : change.base_version;
    const versions = { current: artifact?.version ?? null, base };
    return html`<p class="meta">
        It conflicts with changes made since: accepting it as it stands is refused. Choose
        what lands in each region and accept your choices, resolve it in the editor, or
        reject it.
      </p>
      ${el(ConflictView, { conflicts: value.conflicts, versions, choosing })}`;
  }
  if (change.type === "create_artifact")
    return el(NewDataView, { data: value.result ?? change.data });
  // Two hunks or more are shown one by one, each with its Keep choice, in place of the diff.
  if (hunks.hunks.length > 0) return el(HunkView, { choice: hunks });
  return el(DiffView, { diff: value.diff });
}

/** Reject, with an optional reason: the second "Reject" confirms. */
function RejectForm(props: {
  readonly reject: (reason: string) => Promise<void>;
  readonly cancel: () => void;
  readonly busy: boolean;
}): VNode {
  const [reason, setReason] = useState("");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = (event: Event): void => {
    event.preventDefault();
    void props.reject(reason);
  };
  return html`<form class="reject" onSubmit=${submit}>
    <label for=${id}>Reason (optional, the agent reads it)</label>
    <input id=${id} ref=${input} type="text" value=${reason}
      onInput=${(event: Event) => setReason((event.currentTarget as HTMLInputElement).value)} />
    <div class="actions">
      <button type="submit" class="danger" disabled=${props.busy}>Reject</button>
      <button type="button" onClick=${props.cancel} disabled=${props.busy}>Cancel</button>
    </div>
  </form>`;
}

/** What the buttons do. */
interface Handlers {
  readonly accept: () => void;
  readonly acceptChosen: () => void;
  readonly edit: () => void;
  readonly reject: () => void;
  readonly busy: boolean;
}

/** The answers a proposal can get now: Accept (when it merges), the editor, Reject. */
function Buttons({ item, on }: { readonly item: ProposalItem; readonly on: Handlers }): VNode {
  const { preview, proposal } = item;
  const open = preview.ok && preview.value.blocked === null;
  const clean = open && preview.value.mergeable;
  const editable = open && proposal.change.type !== "archive_artifact";
  const accept = html`<button type="button" class="primary" disabled=${on.busy} onClick=${on.accept}>
    ${acceptLabel(item)}
  </button>`;
  const edit = html`<button type="button" class=${clean ? "" : "primary"} disabled=${on.busy}
    onClick=${on.edit}>${clean ? "Accept with changes" : "Resolve in the editor"}</button>`;
  const conflicted = open && !preview.value.mergeable && proposal.change.type === "edit_artifact";
  const chosen = html`<button type="button" class="primary" disabled=${on.busy}
    onClick=${on.acceptChosen}>Accept my choices</button>`;
  return html`<div class="actions">
    ${clean ? accept : null} ${conflicted ? chosen : null} ${editable ? edit : null}
    <button type="button" class="danger" disabled=${on.busy} onClick=${on.reject}>Reject</button>
  </div>`;
}

/** The request for the choices made, or what is still missing, in words. */
function chosenRequest(item: ProposalItem, chosen: Readonly<Record<string, PageChoice>>) {
  const { preview, artifact } = item;
  if (!preview.ok || artifact === null) return "this proposal cannot be previewed now";
  const choices: Record<string, ConflictChoice> = {};
  for (const conflict of preview.value.conflicts) {
    for (const name of regionNames(conflict)) {
      const choice = Object.hasOwn(chosen, name) ? chosen[name] : undefined;
      if (choice === undefined) return `Choose what lands in ${name} first.`;
      const made = choiceOf(conflict, choice);
      if (typeof made === "string") return `In ${name}: ${made}.`;
      choices[name] = made;
    }
  }
  return { base_version: artifact.version, choices };
}

/** A proposal's card, with its editor or its reject form open when the person asks. */
export function ProposalCard({ item, actions, review, onDone }: ProposalCardProps): VNode {
  const [mode, setMode] = useState<Mode>("idle");
  const hunks = useHunkChoice(item);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Readonly<Record<string, PageChoice>>>({});
  const choosing: Choosing = {
    chosen,
    choose: (name, choice) => {
      setRefusal(null);
      setChosen((all) => ({ ...all, [name]: choice }));
    },
  };
  const titleId = useId();
  const { proposal } = item;
  const artifactId = proposal.change.artifact_id;
  const finish = (done: Done): Done => {
    if (done.ok) {
      setMode("idle");
      onDone(done);
    } else setRefusal(done.message);
    return done;
  };
  const run = async (action: () => Promise<Done>): Promise<void> => {
    setBusy(true);
    setRefusal(null);
    finish(await action());
    setBusy(false);
  };
  const idle = (next: Mode) => () => {
    setRefusal(null);
    setMode(next);
  };
  const badge = standing(item);
  const editor = el(Editor, {
    proposalId: proposal.id,
    review,
    save: async (document, text) => {
      const request = { text, field: document.field, base_version: document.base_version };
      const done = await actions.acceptEdited(proposal.id, artifactId, request);
      return done.ok ? finish(done) : done;
    },
    close: idle("idle"),
  });
  const reject = el(RejectForm, {
    busy,
    cancel: idle("idle"),
    reject: (reason) => run(() => actions.reject(proposal.id, reason)),
  });
  const on = {
    accept: () => void run(() => hunks.accept(actions, proposal.id, artifactId)),
    acceptChosen: () => {
      const request = chosenRequest(item, chosen);
      if (typeof request === "string") setRefusal(request);
      else void run(() => actions.acceptChosen(proposal.id, artifactId, request));
    },
    edit: idle("editing"),
    reject: idle("rejecting"),
    busy,
  };
  return html`<article class="card" aria-labelledby=${titleId}>
    <header class="card-head">
      <h3 id=${titleId}>${titleOf(item)}</h3>
      ${el(ProposalMarks, { proposal })}
      <span class=${`badge ${badge.tone}`}>${badge.text}</span>
    </header>
    <p class="meta">Proposed by ${who(proposal.proposed_by)} · ${baseText(item)}</p>
    ${proposal.rationale === null ? null : html`<p class="why">${proposal.rationale}</p>`}
    ${el(RepeatMark, { item })}
    ${el(ProposalBody, { item, choosing, hunks })}
    ${mode === "editing" ? editor : mode === "rejecting" ? reject : el(Buttons, { item, on })}
    ${refusal === null ? null : html`<p class="alert" role="alert">${refusal}</p>`}
    ${el(CommentsView, { item, actions, onDone })}
  </article>`;
}
