// An artifact's history on the review page: its versions newest first, who wrote each and
// through which proposal, and a Revert for each one after the first. A revert is a new version
// (the core merges the undoing onto the data now); one that conflicts is shown region by
// region and writes nothing.
import type { RefObject, VNode } from "preact";
import { useEffect, useId, useRef, useState } from "preact/hooks";
import type { Revision, Versioned } from "../../model/artifacts.ts";
import type { JsonConflict } from "../../model/conflicts.ts";
import type { WorkspaceClient } from "../client/api.ts";
import type { Actions, Done } from "./actions.ts";
import { ConflictView } from "./conflict-view.ts";
import { el, html } from "./html.ts";
import { errorText, who } from "./words.ts";

/** What an artifact's row needs: the artifact now, the reads and actions, and who hears. */
interface ArtifactProps {
  readonly artifact: Versioned;
  readonly client: WorkspaceClient;
  readonly actions: Actions;
  readonly onDone: (done: Done) => void;
}

/** A revert refused as a conflict: the regions where undoing meets later changes. */
interface RevertConflict {
  readonly version: number;
  readonly head: number;
  readonly conflicts: readonly JsonConflict[];
}

/**
 * A ref for the button that opens a form: it gets the focus back when the form closes (sent
 * or cancelled), so the keyboard goes on from where the person was.
 */
export function useRefocus<T extends HTMLElement>(open: boolean): RefObject<T | null> {
  const ref = useRef<T>(null);
  const was = useRef(open);
  useEffect(() => {
    if (was.current && !open) ref.current?.focus();
    was.current = open;
  }, [open]);
  return ref;
}

/** The marks of a revision: who wrote it, through which proposal, what it reverts or was. */
function marksOf(revision: Revision, all: readonly Revision[]): string[] {
  const marks = [`by ${who(revision.actor)}`];
  if (revision.proposal_id !== null) marks.push(`accepted from proposal ${revision.proposal_id}`);
  if (revision.version === 1) marks.push("created it");
  if (revision.archived) marks.push("archived it");
  if (revision.reverts !== null) marks.push(`reverts v${revision.reverts}`);
  const undone = all.filter((later) => later.reverts === revision.version);
  for (const later of undone) marks.push(`reverted by v${later.version}`);
  return marks;
}

/** The conflict a refusal names, when it is one of a revert's. */
function conflictOf(done: Done): RevertConflict | null {
  if (done.ok || done.refusal?.type !== "conflict") return null;
  const { reverts, head, conflicts } = done.refusal;
  if (typeof reverts !== "number" || typeof head !== "number" || !Array.isArray(conflicts)) {
    return null;
  }
  return { version: reverts, head, conflicts: conflicts as JsonConflict[] };
}

/** A refused revert's conflict, in words and then region by region. */
function ConflictShown({ shown }: { readonly shown: RevertConflict }): VNode {
  const { version, head } = shown;
  const names = [`Now (v${head})`, `Before it (v${version - 1})`, `Version ${version}`] as const;
  return html`<div class="revert-conflict">
    <p class="alert" role="alert">
      Reverting version ${version} conflicts with changes made since (now v${head}): nothing
      was written. Edit the artifact by hand, or revert the later versions first.
    </p>
    ${el(ConflictView, { conflicts: shown.conflicts, versions: { current: head, base: version }, names })}
  </div>`;
}

/** The confirm step of a revert: an optional reason, then "Revert version N" or Cancel. */
function RevertForm(props: {
  readonly version: number;
  readonly busy: boolean;
  readonly revert: (reason: string) => void;
  readonly cancel: () => void;
}): VNode {
  const [reason, setReason] = useState("");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // The confirm step takes the focus, so the keyboard goes on from where the person is.
  useEffect(() => input.current?.focus(), []);
  const submit = (event: Event): void => {
    event.preventDefault();
    props.revert(reason);
  };
  return html`<form class="revert" onSubmit=${submit}>
    <label for=${id}>Why revert it? (optional, the agent reads it)</label>
    <input id=${id} ref=${input} type="text" value=${reason}
      onInput=${(event: Event) => setReason((event.currentTarget as HTMLInputElement).value)} />
    <div class="actions">
      <button type="submit" class="danger" disabled=${props.busy}>
        Revert version ${props.version}
      </button>
      <button type="button" onClick=${props.cancel} disabled=${props.busy}>Cancel</button>
    </div>
  </form>`;
}

/** One version in the history, with its Revert (and the confirm step once asked). */
function RevisionRow(props: {
  readonly revision: Revision;
  readonly all: readonly Revision[];
  readonly confirming: boolean;
  readonly busy: boolean;
  readonly ask: (version: number | null) => void;
  readonly revert: (version: number, reason: string) => void;
}): VNode {
  const { revision, confirming, busy, ask } = props;
  const { version } = revision;
  const id = useId();
  const back = useRefocus<HTMLButtonElement>(confirming);
  // Version 1 has nothing before it and an archive is not undone: no Revert for either.
  const revertible = version > 1 && !revision.archived;
  const form = el(RevertForm, {
    version,
    busy,
    revert: (reason) => props.revert(version, reason),
    cancel: () => ask(null),
  });
  const button = html`<button type="button" ref=${back} disabled=${busy}
    onClick=${() => ask(version)}>
    Revert
  </button>`;
  return html`<li class="revision" aria-labelledby=${id}>
    <div class="revision-line">
      <strong id=${id}>Version ${version}</strong>
      <span class="meta">${marksOf(revision, props.all).join(" · ")}</span>
      ${revertible && !confirming ? button : null}
    </div>
    ${confirming ? form : null}
  </li>`;
}

/** An artifact's versions, newest first, read again whenever the artifact moves on. */
function HistoryView({ artifact, client, actions, onDone }: ArtifactProps): VNode {
  const [revisions, setRevisions] = useState<readonly Revision[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<RevertConflict | null>(null);
  const { id, version } = artifact;
  useEffect(() => {
    let current = true;
    client
      .revisions(id)
      .then((read) => current && setRevisions([...read].reverse()))
      .catch((error: unknown) => current && setProblem(errorText(error)));
    return () => {
      current = false;
    };
  }, [client, id, version]);
  const ask = (at: number | null): void => {
    setProblem(null);
    setConflict(null);
    setAsked(at);
  };
  const revert = async (at: number, reason: string): Promise<void> => {
    setBusy(true);
    const done = await actions.revert(id, at, reason);
    setBusy(false);
    if (done.ok) {
      setAsked(null);
      onDone(done);
      return;
    }
    const shown = conflictOf(done);
    setConflict(shown);
    setProblem(shown === null ? done.message : null);
  };
  const rows = (revisions ?? []).map((revision) =>
    el(RevisionRow, {
      key: revision.version,
      revision,
      all: revisions ?? [],
      confirming: asked === revision.version,
      busy,
      ask,
      revert: (at, reason) => void revert(at, reason),
    }),
  );
  return html`<div class="artifact-history">
    ${revisions === null && problem === null ? html`<p class="loading">Reading its history…</p>` : null}
    ${revisions === null ? null : html`<ol class="revisions" aria-label=${`History of ${id}`}>${rows}</ol>`}
    ${conflict === null ? null : el(ConflictShown, { shown: conflict })}
    ${problem === null ? null : html`<p class="alert" role="alert">${problem}</p>`}
  </div>`;
}

/** One artifact: what it is now, and its history when the person opens it. */
function ArtifactRow(props: ArtifactProps): VNode {
  const { artifact } = props;
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const historyId = useId();
  const now = `${artifact.kind} · v${artifact.version} · last by ${who(artifact.updated_by)}`;
  return html`<article class="card artifact" aria-labelledby=${titleId}>
    <header class="card-head">
      <h3 id=${titleId}>${artifact.id}</h3>
      <span class="meta artifact-now">${artifact.archived ? `${now} · archived` : now}</span>
      <button type="button" aria-expanded=${open ? "true" : "false"} aria-controls=${historyId}
        onClick=${() => setOpen(!open)}>History</button>
    </header>
    <div id=${historyId}>${open ? el(HistoryView, props) : null}</div>
  </article>`;
}

/**
 * The artifacts section: every artifact, each with its history on request, read again on
 * every change the page hears of (`heard` is the latest inbox read, whatever it holds).
 */
export function ArtifactsSection(props: {
  readonly client: WorkspaceClient;
  readonly actions: Actions;
  readonly heard: object;
  readonly onDone: (done: Done) => void;
}): VNode {
  const { client, actions, heard, onDone } = props;
  const [artifacts, setArtifacts] = useState<readonly Versioned[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    client
      .artifacts()
      .then((read) => {
        if (!current) return;
        setArtifacts(read);
        setProblem(null);
      })
      .catch((error: unknown) => current && setProblem(errorText(error)));
    return () => {
      current = false;
    };
  }, [client, heard]);
  const rows = (artifacts ?? []).map((artifact) =>
    el(ArtifactRow, { key: artifact.id, artifact, client, actions, onDone }),
  );
  return html`<section class="group" aria-labelledby="section-artifacts">
    <h2 id="section-artifacts">Artifacts <span class="count">${rows.length}</span></h2>
    ${artifacts !== null && rows.length === 0 ? html`<p class="empty">No artifact yet.</p>` : rows}
    ${problem === null ? null : html`<p class="alert" role="alert">${problem}</p>`}
  </section>`;
}
