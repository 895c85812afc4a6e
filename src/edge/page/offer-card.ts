import type { VNode } from "preact";
import { useId, useState } from "preact/hooks";
import type { OfferCard } from "../../offers/card.ts";
import type { OfferCardEntry } from "../serve/review/page-api.ts";
import type { Actions, Done } from "./actions.ts";
import { html } from "./html.ts";

/** An offer's card in the state the library gives it: standing, started or dismissed. */
interface OfferCardProps {
  readonly entry: OfferCardEntry;
  readonly actions: Actions;
  /** Whether this server can start offers (the host gave its ports). */
  readonly canStart: boolean;
  readonly onDone: (done: Done) => void;
}

type Standing = Extract<OfferCard, { state: "standing" }>;

/** A standing offer, open: summary first, the prompt one disclosure away, Start and Not now. */
function standing(card: Standing, props: { busy: boolean; canStart: boolean; act: Act }): VNode {
  const { busy, canStart, act } = props;
  return html`<p class="summary">${card.summary}</p>
    ${card.rationale === null ? null : html`<p class="why">${card.rationale}</p>`}
    ${
      card.files.length === 0
        ? null
        : html`<ul class="files">${card.files.map((file) => html`<li><code>${file}</code></li>`)}</ul>`
    }
    <details class="prompt">
      <summary>${card.prompt.label}</summary>
      <pre>${card.prompt.text}</pre>
    </details>
    <p class="meta"><span class="chip">${card.checkout_chip}</span></p>
    <div class="actions">
      <button type="button" class="primary" disabled=${busy || !canStart}
        onClick=${() => act((a, e) => a.start(e))}>Start</button>
      <button type="button" disabled=${busy}
        onClick=${() => act((a, e) => a.setAside(e, "dismissed"))}>Not now</button>
    </div>
    ${
      canStart
        ? null
        : html`<p class="meta">Starting needs the host's ports (with agent-workspace serve, give ${"--host <module>"}).</p>`
    }`;
}

type Act = (action: (actions: Actions, entry: OfferCardEntry) => Promise<Done>) => void;

/** An offer: the standing card asks; started and dismissed ones are one line of history. */
export function OfferCardView({ entry, actions, canStart, onDone }: OfferCardProps): VNode {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const titleId = useId();
  const { card } = entry;
  const act: Act = (action) => {
    setBusy(true);
    setRefusal(null);
    void action(actions, entry).then((done) => {
      setBusy(false);
      if (done.ok) onDone(done);
      else setRefusal(done.message);
    });
  };
  const alert = refusal === null ? null : html`<p class="alert" role="alert">${refusal}</p>`;
  if (card.state === "standing") {
    return html`<article class="card offer" aria-labelledby=${titleId}>
      <header class="card-head">
        <h3 id=${titleId}>${card.title}</h3>
        <span class="badge ask">Offered by ${entry.thread_id}</span>
      </header>
      ${standing(card, { busy, canStart, act })} ${alert}
    </article>`;
  }
  const action =
    card.state === "dismissed"
      ? html`<button type="button" disabled=${busy}
          onClick=${() => act((a, e) => a.setAside(e, "standing"))}>Bring back</button>`
      : card.link === null
        ? null
        : html`<span class="meta">Thread <code>${card.link.thread_id}</code></span>`;
  return html`<article class="card history" aria-labelledby=${titleId}>
    <p id=${titleId} class="line">${card.line}</p>
    ${action} ${alert}
  </article>`;
}
