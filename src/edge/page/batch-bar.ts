// The proposals section grouped by the thread that proposed them, each group with "Accept all
// clean": one `respond_to_proposals` with every proposal of the thread whose preview merges
// cleanly, in the order shown (each accept rebased on those before it), those that conflict
// skipped. What became of each is listed in the group, since the cards that landed are gone.
import type { VNode } from "preact";
import { useEffect, useId, useState } from "preact/hooks";
import type { WorkspaceClient } from "../client/api.ts";
import type { Actions, Done } from "./actions.ts";
import { el, html } from "./html.ts";
import type { ProposalItem } from "./inbox.ts";
import type { BatchLine, CleanBatch } from "./part-answers.ts";
import { count } from "./words.ts";

/** Why a proposal is left out of "Accept all clean", or `null` when it merges cleanly. */
function unclean({ preview }: ProposalItem): string | null {
  if (!preview.ok) return "it cannot be previewed";
  if (preview.value.blocked !== null)
    return `it cannot be accepted now (${preview.value.blocked.type})`;
  return preview.value.mergeable ? null : "it conflicts";
}

/** The batch "Accept all clean" sends for `items`: the clean ones, and the others skipped. */
function cleanBatch(items: readonly ProposalItem[]): CleanBatch {
  const clean: { proposalId: string; artifactId: string }[] = [];
  const skipped: { proposalId: string; why: string }[] = [];
  for (const item of items) {
    const { id: proposalId, change } = item.proposal;
    const why = unclean(item);
    if (why === null) clean.push({ proposalId, artifactId: change.artifact_id });
    else skipped.push({ proposalId, why });
  }
  return { clean, skipped };
}

/** What a group's batch bar is given: the thread's proposals, the actions, who hears. */
interface BatchProps {
  readonly label: string;
  readonly items: readonly ProposalItem[];
  readonly actions: Actions;
  readonly onDone: (done: Done) => void;
}

/** What "Accept all clean" would send and skip, in words. */
function batchText({ clean, skipped }: CleanBatch): string {
  if (clean.length === 0) {
    return `None of the ${count(skipped.length, "proposal")} here merges cleanly.`;
  }
  const left = skipped.length === 0 ? "" : `; ${count(skipped.length, "other")} would be skipped`;
  return `${count(clean.length, "proposal merges", "proposals merge")} cleanly${left}.`;
}

/** One line of the report: the proposal's id and what became of it, both as text. */
const reportLine = (line: BatchLine): VNode =>
  html`<li class=${line.state}><strong>${line.proposalId}</strong> ${line.text}</li>`;

/**
 * "Accept all clean" for a thread with two proposals or more, with what it would skip, and
 * after it, what became of each proposal (kept while the group stands).
 */
function BatchBar({ label, items, actions, onDone }: BatchProps): VNode | null {
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<readonly BatchLine[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  if (items.length < 2 && lines.length === 0) return null;
  const batch = cleanBatch(items);
  const run = async (): Promise<void> => {
    setBusy(true);
    setProblem(null);
    const answered = await actions.acceptAllClean(batch);
    setLines(answered.lines);
    setBusy(false);
    if (answered.done.ok) onDone(answered.done);
    else setProblem(answered.done.message);
  };
  return html`<div class="batch" role="group" aria-label=${`All clean proposals of ${label}`}>
    <p class="meta">${batchText(batch)}</p>
    ${
      batch.clean.length === 0
        ? null
        : html`<button type="button" class="primary" disabled=${busy} onClick=${run}>
            Accept all clean
          </button>`
    }
    ${problem === null ? null : html`<p class="alert" role="alert">${problem}</p>`}
    ${lines.length === 0 ? null : html`<ul class="batch-report" aria-label="What Accept all clean did">${lines.map(reportLine)}</ul>`}
  </div>`;
}

/** The thread's title, read once the group is shown (`null` until then, or without one). */
function useTitle(client: WorkspaceClient, thread: string): string | null {
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    if (thread === "") return;
    let gone = false;
    // Without the title the group is named by the thread's id alone: nothing to tell.
    client
      .thread(thread)
      .then((read) => gone || setTitle(read?.title || null))
      .catch(() => {});
    return () => {
      gone = true;
    };
  }, [client, thread]);
  return title;
}

/** What a thread's group is given: the thread, its proposals and their cards. */
interface GroupProps extends Omit<BatchProps, "label"> {
  readonly client: WorkspaceClient;
  readonly thread: string;
  readonly cards: readonly VNode[];
}

/** One thread's group: its heading, its batch bar, its cards. */
function ThreadGroup(props: GroupProps): VNode {
  const id = useId();
  const { thread, cards } = props;
  const title = useTitle(props.client, thread);
  const label =
    thread === ""
      ? "Not in a thread"
      : title === null
        ? `Thread ${thread}`
        : `${title} · ${thread}`;
  return html`<section class="thread-group" aria-labelledby=${id}>
    <h3 class="sub" id=${id}>${label} <span class="count">${cards.length}</span></h3>
    ${el(BatchBar, { ...props, label })}
    ${cards}
  </section>`;
}

/**
 * The proposals' cards (`cards[i]` is `items[i]`'s) grouped by the thread that proposed them,
 * groups in the order of their first proposal; those of no thread are a group of their own.
 */
export function ThreadGroups(props: {
  readonly client: WorkspaceClient;
  readonly items: readonly ProposalItem[];
  readonly cards: readonly VNode[];
  readonly actions: Actions;
  readonly onDone: (done: Done) => void;
}): VNode {
  const groups = new Map<string, { items: ProposalItem[]; cards: VNode[] }>();
  props.items.forEach((item, i) => {
    const key = item.proposal.thread_id ?? "";
    const group = groups.get(key) ?? { items: [], cards: [] };
    groups.set(key, group);
    group.items.push(item);
    const card = props.cards[i];
    if (card !== undefined) group.cards.push(card);
  });
  return html`${[...groups].map(([thread, group]) =>
    el(ThreadGroup, {
      key: thread,
      client: props.client,
      thread,
      ...group,
      actions: props.actions,
      onDone: props.onDone,
    }),
  )}`;
}
