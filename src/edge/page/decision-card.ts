import type { VNode } from "preact";
import { useId, useState } from "preact/hooks";
import type { PendingDecision } from "../../model/decisions.ts";
import type { Actions, Done } from "./actions.ts";
import { html } from "./html.ts";
import { timeOf } from "./words.ts";

/** A pending decision's card: its prompt, and a button per option when this server can deliver. */
interface DecisionCardProps {
  readonly pending: PendingDecision;
  readonly actions: Actions;
  /** The channels this server delivers on (a run's own `deferred` one always). */
  readonly channels: readonly string[];
  readonly onDone: (done: Done) => void;
}

/** Why the options cannot be picked here, or `null` when they can. */
function readOnly({ decision }: PendingDecision, channels: readonly string[]): string | null {
  if (decision.channel === null || decision.options.length === 0) {
    return "Read-only: answer it where the agent runs.";
  }
  if (decision.channel === "deferred" || channels.includes(decision.channel)) return null;
  return `Answer it where the agent runs: this server cannot deliver on the “${decision.channel}” channel (with agent-workspace serve, give a --host module that declares it).`;
}

function whereText({ scope, thread_id }: PendingDecision): string {
  return scope.kind === "run" ? `Run ${scope.id} in thread ${thread_id}` : `Thread ${scope.id}`;
}

/** A pending decision: the prompt, where it waits, and one button per option. */
export function DecisionCard({ pending, actions, channels, onDone }: DecisionCardProps): VNode {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const titleId = useId();
  const { decision } = pending;
  const why = readOnly(pending, channels);
  const pick = async (optionId: string): Promise<void> => {
    setBusy(true);
    setRefusal(null);
    const done = await actions.decide(pending, optionId);
    setBusy(false);
    if (done.ok) onDone(done);
    else setRefusal(done.message);
  };
  const asked = timeOf(decision.received_at);
  const options =
    why === null
      ? html`<div class="actions">
          ${decision.options.map(
            (option) => html`<button type="button" disabled=${busy}
              onClick=${() => void pick(option.id)}>${option.label}</button>`,
          )}
        </div>`
      : html`<p class="meta">${why}</p>
          ${
            decision.options.length === 0
              ? null
              : html`<p class="meta">Options: ${decision.options.map((o) => o.label).join(", ")}</p>`
          }`;
  return html`<article class="card" aria-labelledby=${titleId}>
    <header class="card-head">
      <h3 id=${titleId}>${decision.prompt}</h3>
      <span class="badge ask">Waiting</span>
    </header>
    <p class="meta">${whereText(pending)}${asked === null ? "" : ` · asked at ${asked}`}</p>
    ${options}
    ${refusal === null ? null : html`<p class="alert" role="alert">${refusal}</p>`}
  </article>`;
}
