import type { CommandDef } from "citty";
import { offerCardIn } from "../../../host/offer-card.ts";
import { type StartOfferResult, startOffer } from "../../../host/start-offer.ts";
import type { Workspace } from "../../../workspace/api.ts";
import { type Person, person } from "./actors.ts";
import { HOST_ARGS, PERSON_ARGS, WORKSPACE_ARGS } from "./args.ts";
import type { Palette } from "./colour.ts";
import { type CliContext, defineCliCommand } from "./command.ts";
import { EXIT, refused } from "./exit.ts";
import type { Report } from "./io.ts";
import { offerPorts } from "./modules.ts";
import { line } from "./shown.ts";

const OFFER_ARGS = {
  thread: {
    type: "positional",
    description: "The thread whose agent made the offer",
    required: true,
  },
  offer: { type: "positional", description: "The offer's id", required: true },
  ...PERSON_ARGS,
} as const;

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** How a start went, for people and for `--json`; every stage but success exits non-zero. */
function startReport(result: StartOfferResult, paint: Palette): Report {
  if (result.ok) {
    const { thread_id, checkout, message_id } = result;
    const text = line`${paint.green("started")} ${thread_id} (${checkout.mode} checkout at ${checkout.path}); prompt ${message_id} sent and dispatched`;
    return { json: result, text: [text] };
  }
  switch (result.stage) {
    case "check":
    case "park_draft":
    case "send_prompt":
    case "record_answer":
      throw refused(result.rejection);
    case "consent": {
      const message = `only a shared checkout could be had and it was declined: the prompt is ${result.thread_id}'s draft, nothing was sent, the offer still stands`;
      throw refused({ type: "consent_declined", message, thread_id: result.thread_id });
    }
    case "checkout": {
      const error = messageOf(result.error);
      const text = line`checkout failed: ${error}; thread ${result.thread_id} is left empty, nothing was sent, the offer still stands`;
      return { exit: EXIT.failed, json: { ...result, error }, text: [text] };
    }
    case "dispatch": {
      const error = messageOf(result.error);
      const text = line`started ${result.thread_id} and sent its prompt, but dispatch failed: ${error}`;
      return { exit: EXIT.failed, json: { ...result, error }, text: [text] };
    }
  }
}

/** Records a person's dismissal of an offer, or its return (`standing`). */
async function answerOffer(
  workspace: Workspace,
  by: Person,
  ref: { readonly thread: string; readonly offer: string },
  status: "dismissed" | "standing",
): Promise<Report> {
  const card = await offerCardIn(workspace, { thread_id: ref.thread, offer_id: ref.offer });
  if (card === null) {
    throw refused({
      type: "not_found",
      message: `offer ${ref.offer} of thread ${ref.thread} not found`,
      entity: "offer",
      id: ref.offer,
    });
  }
  const command = {
    type: "answer_offer",
    thread_id: ref.thread,
    offer_id: ref.offer,
    answer: { status },
    surface: "cli",
  } as const;
  const written = await workspace.commit(command, by);
  if (!written.ok) throw refused(written.rejection);
  const verb = status === "dismissed" ? "dismissed" : "brought back";
  return {
    json: { ok: true, outcome: written.outcome, envelopes: written.envelopes },
    text: [line`${verb} offer ${ref.offer} of thread ${ref.thread}`],
  };
}

function startCommand(cli: CliContext): CommandDef {
  return defineCliCommand(cli, {
    name: "start",
    description:
      "Start an offered thread through the host's ports (--host): create it, get an isolated checkout, send the prompt, dispatch",
    args: { ...OFFER_ARGS, ...HOST_ARGS, ...WORKSPACE_ARGS },
    async run({ args, session, out }) {
      const ports = offerPorts(session.host);
      const request = { offering_thread_id: args.thread, offer_id: args.offer, surface: "cli" };
      const result = await startOffer(session.workspace, {
        request,
        actor: person(args.as),
        ports,
      });
      return startReport(result, out.paint);
    },
  });
}

function answerCommand(cli: CliContext, name: "dismiss" | "restore"): CommandDef {
  const status = name === "dismiss" ? "dismissed" : "standing";
  return defineCliCommand(cli, {
    name,
    description:
      name === "dismiss"
        ? "Dismiss an offer (it can be brought back)"
        : "Bring a dismissed offer back",
    args: { ...OFFER_ARGS, ...WORKSPACE_ARGS },
    run: ({ args, session }) => answerOffer(session.workspace, person(args.as), args, status),
  });
}

/** `offer start|dismiss|restore <thread> <offer>`: a person's answer to a thread offer. */
export function offerCommand(cli: CliContext): CommandDef {
  return {
    meta: {
      name: "offer",
      description: "Answer a thread offer: start it, dismiss it, or bring it back",
    },
    subCommands: {
      start: startCommand(cli),
      dismiss: answerCommand(cli, "dismiss"),
      restore: answerCommand(cli, "restore"),
    },
  };
}
