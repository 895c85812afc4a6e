import type { VNode } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { ReviewInfo } from "../serve/review/page-api.ts";
import { type Actions, actionsOf, type Done } from "./actions.ts";
import { ThreadGroups } from "./batch-bar.ts";
import { DecisionCard } from "./decision-card.ts";
import { ArtifactsSection } from "./history-view.ts";
import { el, html } from "./html.ts";
import type { Inbox } from "./inbox.ts";
import { type Connection, connect, type LinkState } from "./live.ts";
import { OfferCardView } from "./offer-card.ts";
import { ProposalCard } from "./proposal-card.ts";
import { afterRead, type Said, SILENT } from "./said.ts";
import { errorText } from "./words.ts";

const LINK_TEXT: Readonly<Record<LinkState, string>> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
};

/**
 * A section of the page: its heading with a count, its cards (or `shown`, the cards laid out
 * otherwise: in groups), or what it says when empty.
 */
function section(
  title: string,
  cards: readonly VNode[],
  empty: string,
  more: VNode | null = null,
  shown: VNode | readonly VNode[] = cards,
) {
  const id = `section-${title.toLowerCase()}`;
  return html`<section class="group" aria-labelledby=${id}>
    <h2 id=${id}>${title} <span class="count">${cards.length}</span></h2>
    ${cards.length === 0 ? html`<p class="empty">${empty}</p>` : shown}
    ${more}
  </section>`;
}

interface Wired {
  readonly connection: Connection;
  readonly actions: Actions;
}

/** The sections, once the first read is in. */
function Sections(props: {
  inbox: Inbox;
  wired: Wired;
  info: ReviewInfo;
  onDone: (d: Done) => void;
}) {
  const { inbox, wired, info, onDone } = props;
  const { actions } = wired;
  const proposals = inbox.proposals.map((item) =>
    el(ProposalCard, {
      key: item.proposal.id,
      item,
      actions,
      review: wired.connection.review,
      onDone,
    }),
  );
  const decisions = inbox.decisions.map((pending) =>
    el(DecisionCard, {
      key: `${pending.scope.kind}:${pending.scope.id}:${pending.decision.id}`,
      pending,
      actions,
      channels: info.channels,
      onDone,
    }),
  );
  const offer = (entry: Inbox["offers"][number]) =>
    el(OfferCardView, {
      key: `${entry.thread_id}/${entry.offer_id}`,
      entry,
      actions,
      canStart: info.can_start,
      onDone,
    });
  const standing = inbox.offers.filter((entry) => entry.card.state === "standing").map(offer);
  const earlier = inbox.offers.filter((entry) => entry.card.state !== "standing").map(offer);
  const history =
    earlier.length === 0 ? null : html`<h3 class="sub">Answered earlier</h3>${earlier}`;
  // Grouped by thread, each group with its "Accept all clean".
  const { client } = wired.connection;
  const groups = { client, items: inbox.proposals, cards: proposals, actions, onDone };
  const grouped = el(ThreadGroups, groups);
  return html`${section("Proposals", proposals, "No proposal waits for you.", null, grouped)}
    ${section("Decisions", decisions, "No decision waits for you.")}
    ${section("Offers", standing, "No offer stands.", history)}
    ${el(ArtifactsSection, { client: wired.connection.client, actions, heard: inbox, onDone })}`;
}

/**
 * The review page: what waits for the person — proposals, decisions, offers — kept live as
 * the workspace changes, whoever changes it. `base` is the page's own address.
 */
export function App({ base }: { readonly base: string }): VNode {
  const [wired, setWired] = useState<Wired | null>(null);
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [info, setInfo] = useState<ReviewInfo | null>(null);
  const [link, setLink] = useState<LinkState>("connecting");
  const [problem, setProblem] = useState<string | null>(null);
  const [said, setSaid] = useState<Said>(SILENT);
  useEffect(() => {
    const connection = connect(base, {
      onInbox: (read) => {
        setInbox(read);
        // What was just said goes once another change touches the card it was about.
        setSaid((now) => afterRead(now, read));
        setProblem(null);
      },
      onLink: setLink,
      onError: (error) => setProblem(`The page could not read the workspace: ${errorText(error)}`),
    });
    setWired({ connection, actions: actionsOf(connection) });
    connection.review
      .info()
      .then(setInfo)
      .catch((error: unknown) => setProblem(errorText(error)));
    return () => connection.close();
  }, [base]);
  const waiting = inbox === null ? 0 : inbox.proposals.length + inbox.decisions.length;
  useEffect(() => {
    document.title = `${waiting > 0 ? `(${waiting}) ` : ""}Review · ${info?.workspace ?? "agent-workspace"}`;
  }, [waiting, info]);
  const onDone = (done: Done): void => {
    if (done.ok) setSaid({ message: done.message, subject: done.subject, seen: false });
  };
  const ready = wired !== null && inbox !== null && info !== null;
  return html`<header class="top"><div class="wrap">
      <h1>Review</h1>
      <p class="meta">
        ${info === null ? null : html`Workspace <strong>${info.workspace}</strong> · acting as <strong>${info.person}</strong> · `}
        <span class=${`link ${link}`}>${LINK_TEXT[link]}</span>
      </p>
    </div></header>
    <main class="wrap">
      <p class="said" role="status">${said.message}</p>
      ${problem === null ? null : html`<p class="alert" role="alert">${problem}</p>`}
      ${ready ? el(Sections, { inbox, wired, info, onDone }) : html`<p class="loading">Reading the workspace…</p>`}
    </main>`;
}
