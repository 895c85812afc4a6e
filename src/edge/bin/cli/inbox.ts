import type { CommandDef } from "citty";
import type { PendingDecision } from "../../../model/decisions.ts";
import type { OfferEntry } from "../../../model/offers.ts";
import { offerCursor } from "../../../model/page-cursors.ts";
import { DEFAULT_PAGE_LIMIT } from "../../../model/pages.ts";
import type { Workspace } from "../../../workspace/api.ts";
import { READER_ARGS, WORKSPACE_ARGS } from "./args.ts";
import type { Palette } from "./colour.ts";
import { type CliContext, defineCliCommand } from "./command.ts";
import { renderMarks } from "./comments-listing.ts";
import { type InboxPage, inboxPage, PAGE_ARGS } from "./inbox-page.ts";
import {
  behindText,
  changeText,
  mergeState,
  type ProposalView,
  proposalSummary,
  viewOf,
} from "./proposal-view.ts";
import { joined, line, type Shown, shown } from "./shown.ts";

/** What waits for a person in a workspace. */
interface Inbox {
  readonly proposals: readonly ProposalView[];
  readonly decisions: readonly PendingDecision[];
  readonly offers: readonly OfferEntry[];
  /** With a page asked for, where each list's next page starts (`null`: this is its last). */
  readonly next?: {
    readonly proposals: string | null;
    readonly decisions: string | null;
    readonly offers: string | null;
  };
}

const standing = (entry: OfferEntry) => entry.answer === null || entry.answer.status === "standing";
const limitOf = (page: InboxPage) => (page.limit === undefined ? {} : { limit: page.limit });

// A page of the standing offers: pages of every offer, read on until `limit` standing ones
// and one more are found or the list ends, so answered offers never shorten the page.
async function standingOffers(workspace: Workspace, page: InboxPage) {
  const limit = page.limit ?? DEFAULT_PAGE_LIMIT;
  const kept: OfferEntry[] = [];
  for (let at = page.offersAfter; ; ) {
    const read = await workspace.offerPage({ ...(at === undefined ? {} : { after: at }), limit });
    kept.push(...read.items.filter(standing));
    if (read.next === null || kept.length > limit) break;
    at = read.next;
  }
  const items = kept.slice(0, limit);
  const last = items.at(-1);
  return { items, next: kept.length > limit && last !== undefined ? offerCursor(last) : null };
}

// Each list's page, each from its own cursor: one page costs its length, whatever waits.
async function pagedInbox(workspace: Workspace, page: InboxPage): Promise<Inbox> {
  const proposals = await workspace.proposalPage({
    status: "pending",
    ...(page.after === undefined ? {} : { after: page.after }),
    ...limitOf(page),
  });
  const decisions = await workspace.decisionPage({
    ...(page.decisionsAfter === undefined ? {} : { after: page.decisionsAfter }),
    ...limitOf(page),
  });
  const offers = await standingOffers(workspace, page);
  return {
    proposals: await Promise.all(proposals.items.map((p) => viewOf(workspace, p))),
    decisions: decisions.items,
    offers: offers.items,
    next: { proposals: proposals.next, decisions: decisions.next, offers: offers.next },
  };
}

/** Pending proposals (each previewed), pending decisions, and offers nobody has answered or that were brought back. */
async function readInbox(workspace: Workspace, page: InboxPage | null): Promise<Inbox> {
  if (page !== null) return pagedInbox(workspace, page);
  const pending = await workspace.proposals({ status: "pending" });
  const proposals = await Promise.all(pending.map((p) => viewOf(workspace, p)));
  const decisions = await workspace.decisions();
  const offers = (await workspace.offers()).filter(standing);
  return { proposals, decisions, offers };
}

function heading(paint: Palette, title: string, count: number, state: string): Shown {
  return paint.bold(`${title}: ${count === 0 ? "none" : `${count} ${state}`}`);
}

/** One entry of a section: its id, its line, and the lines under it. */
interface Entry {
  readonly id: string;
  readonly text: Shown;
  readonly more: readonly Shown[];
}

/**
 * A section's lines: each entry's id in a column as wide as the longest, then its text. What
 * agents wrote is shown on its entry's line, its line breaks as escapes, so no entry's text
 * starts a line that reads as another entry.
 */
function section<T>(entries: readonly T[], entry: (entry: T) => Entry, paint: Palette): Shown[] {
  const lines = entries.map(entry);
  const ids = lines.map(({ id }) => shown(id).toString());
  const width = Math.max(0, ...ids.map((id) => id.length));
  const indent = " ".repeat(width + 4);
  return lines.flatMap(({ text, more }, i) => [
    line`  ${paint.cyan((ids[i] ?? "").padEnd(width))}  ${text}`,
    ...more.map((extra) => line`${indent}${extra}`),
  ]);
}

function proposalLine(view: ProposalView, paint: Palette): Entry {
  const { proposal, preview } = view;
  const state = line`${behindText(preview.behind)}, ${mergeState(view, paint)}`;
  const more = [
    ...(proposal.rationale === null ? [] : [line`why: ${proposal.rationale}`]),
    ...renderMarks(view, paint),
  ];
  return { id: proposal.id, text: line`${changeText(view)} — ${state}`, more };
}

function decisionLine({ scope, decision }: PendingDecision, paint: Palette): Entry {
  const options =
    decision.options.length === 0
      ? paint.dim("read-only: answer where the agent runs")
      : line`options: ${joined(
          decision.options.map((o) => line`${paint.bold(o.id)} (${o.label})`),
          ", ",
        )}`;
  return {
    id: decision.id,
    text: line`in ${scope.kind} ${scope.id}: ${decision.prompt}`,
    more: [options],
  };
}

function offerLine({ thread_id, offer_id, offer }: OfferEntry): Entry {
  return {
    id: offer_id,
    text: line`from thread ${thread_id}: ${offer.title} — ${offer.summary}`,
    more: [],
  };
}

// Where a list's next page is: the command that reads it.
function moreLine(
  next: string | null | undefined,
  option: string,
  page: InboxPage | null,
  paint: Palette,
): Shown[] {
  if (page === null || next == null) return [];
  const limit = page.limit === undefined ? "" : ` --limit ${page.limit}`;
  return [paint.dim(line`  more: agent-workspace inbox --${option} ${next}${limit}`)];
}

function renderInbox(inbox: Inbox, page: InboxPage | null, paint: Palette): Shown[] {
  const { proposals, decisions, offers, next } = inbox;
  return [
    heading(paint, "Proposals", proposals.length, "pending"),
    ...section(proposals, (view) => proposalLine(view, paint), paint),
    ...moreLine(next?.proposals, "after", page, paint),
    heading(paint, "Decisions", decisions.length, "pending"),
    ...section(decisions, (decision) => decisionLine(decision, paint), paint),
    ...moreLine(next?.decisions, "decisions-after", page, paint),
    heading(paint, "Offers", offers.length, "standing"),
    ...section(offers, offerLine, paint),
    ...moreLine(next?.offers, "offers-after", page, paint),
  ];
}

/** `inbox`: what waits for a person — proposals, decisions, offers. */
export function inboxCommand(cli: CliContext): CommandDef {
  return defineCliCommand(cli, {
    name: "inbox",
    description:
      "What waits for a person: pending proposals (how far behind, clean or conflicting), pending decisions (their options), standing offers; with --limit or an --…after, a page of each",
    args: { ...PAGE_ARGS, ...WORKSPACE_ARGS, ...READER_ARGS },
    async run({ args, session, out }) {
      const page = inboxPage(args);
      const inbox = await readInbox(session.workspace, page);
      const json = {
        workspace: session.workspace.id,
        proposals: inbox.proposals.map(proposalSummary),
        decisions: inbox.decisions,
        offers: inbox.offers,
        // Only a paged inbox says where each next page starts: an unpaged one prints as it did.
        ...(inbox.next === undefined
          ? {}
          : {
              proposals_next: inbox.next.proposals,
              decisions_next: inbox.next.decisions,
              offers_next: inbox.next.offers,
            }),
      };
      return { json, text: renderInbox(inbox, page, out.paint) };
    },
  });
}
