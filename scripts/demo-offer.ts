// The demo's thread offer: the agent offers a side task as a new thread; Alice starts it, and
// it gets its own git worktree in a throwaway repository.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gitCheckout } from "../src/entries/checkout.ts";
import {
  type ActorInput,
  isolatedCheckout,
  offerAcknowledgement,
  offerCardIn,
  startOffer,
  type ThreadOfferInput,
  type Workspace,
} from "../src/entries/index.ts";
import { ThreadOfferSchema } from "../src/entries/schemas.ts";

const ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: "Demo",
  GIT_AUTHOR_EMAIL: "demo@example.com",
  GIT_COMMITTER_NAME: "Demo",
  GIT_COMMITTER_EMAIL: "demo@example.com",
};
const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, env: ENV, encoding: "utf8" }).trim();

// A project with one commit on `main`, as a person would have it open.
function makeProject(): string {
  const root = join(mkdtempSync(join(tmpdir(), "agent-workspace-demo-")), "project");
  mkdirSync(root);
  git(root, "-c", "init.defaultBranch=main", "init", "-q");
  writeFileSync(join(root, "settings.ts"), "export const load = (raw) => JSON.parse(raw);\n");
  git(root, "add", ".");
  git(root, "commit", "-q", "-m", "settings loader");
  return root;
}

/** Runs the offer part of the demo on `ws`. */
export async function offerDemo(
  ws: Workspace,
  who: { agent: ActorInput; person: ActorInput; step: (title: string) => void },
): Promise<void> {
  const { agent, person, step } = who;
  step("The agent notices other work and offers it as a thread (the offer is its tool call)");
  const offer: ThreadOfferInput = {
    title: "Make the settings loader reject malformed input",
    summary: "The loader swallows JSON errors. Make it report which file and line are bad.",
    rationale: "It is unrelated to the launch plan, so it deserves its own thread.",
    prompt: "In settings.ts, make load() throw an error naming the file and line on bad JSON.",
    files: ["settings.ts"],
  };
  const offerId = "call_offer_1";
  await ws.record(
    {
      type: "tool_called",
      run_id: "run_1",
      thread_id: "thr_launch",
      tool_call_id: offerId,
      tool_name: "propose_thread",
      args_summary: offer.title,
    },
    agent,
  );
  const parsed = ThreadOfferSchema.parse(offer);
  console.log(`   the model is told: ${offerAcknowledgement(parsed)}`);
  const card = async () => {
    const shown = await offerCardIn(ws, { thread_id: "thr_launch", offer_id: offerId }, parsed);
    if (shown === null) throw new Error("the offering thread is gone");
    return shown;
  };
  const before = await card();
  console.log(`   the card: ${before.state}, "${before.title}"`);

  step("Alice starts it: a new thread, its own worktree, then the prompt, then dispatch");
  const root = makeProject();
  const calls: string[] = [];
  const result = await startOffer(ws, {
    request: { offering_thread_id: "thr_launch", offer_id: offerId, offer },
    actor: person,
    ports: {
      checkout: async (request) => {
        calls.push("checkout");
        return isolatedCheckout(gitCheckout({ root }), "main")(request);
      },
      confirmSharedCheckout: async () => {
        calls.push("consent");
        return false;
      },
      dispatch: async (request) => {
        calls.push(`dispatch ${request.thread_id}`);
      },
    },
  });
  console.log(`   startOffer -> ${JSON.stringify(result)}`);
  console.log(`   host ports called, in order: ${calls.join(", ")}`);
  console.log(`   git worktree list:\n${git(root, "worktree", "list").replace(/^/gm, "     ")}`);
  const after = await card();
  console.log(
    `   the card now: ${after.state}${after.state === "started" ? ` — ${after.line}` : ""}`,
  );
}
