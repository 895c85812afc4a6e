// The mark of a re-proposal on its card: the agent proposes again a change the person already
// rejected (the same hunks against the artifact now), so the card says which one and why it was
// rejected, before the person answers the same question twice.
import type { VNode } from "preact";
import { html } from "./html.ts";
import type { ProposalItem } from "./inbox.ts";

/** "Repeats rejected proposal X", with the reason it was rejected when one was given. */
export function RepeatMark({ item }: { readonly item: ProposalItem }): VNode | null {
  const { repeats } = item;
  if (repeats === null) return null;
  return html`<p class="repeats">
    <strong>Repeats rejected proposal ${repeats.id}</strong>${
      repeats.reason === null
        ? " (no reason was given)."
        : `, rejected because: “${repeats.reason}”`
    }
  </p>`;
}
