import { describe, expect, it } from "vitest";
import type { Workspace } from "../../../../src/workspace/api.ts";
import { alice, questionGraph } from "./question-graph.ts";

const config = { configurable: { thread_id: "t1" } };
const scope = { kind: "thread", id: "t1" } as const;

/** Runs the graph to its question and says which decision it asked. */
async function asked(ws: Workspace, graph: { invoke(input: object, c: object): Promise<unknown> }) {
  await graph.invoke({}, config);
  const [pending] = await ws.decisions();
  return pending?.decision.id ?? "";
}

describe("langGraphAnswers", () => {
  it("resumes the graph once per answer: a repeat resumes nothing", async () => {
    const { ws, graph, answers, last, results } = await questionGraph();
    last.open();
    const decision_id = await asked(ws, graph);
    await ws.answerDecision({ scope, decision_id, option_id: "yes" }, alice);
    await answers.idle();
    const again = await ws.answerDecision({ scope, decision_id, option_id: "yes" }, alice);
    expect(again).toEqual({ ok: true, status: "repeat", option_id: "yes" });
    await answers.idle();
    expect(results).toHaveLength(1);
    expect((await graph.getState(config)).values).toEqual({ picks: ["yes"], done: true });
  });

  it("takes the answer from any surface: a commit that answers the decision resumes the graph", async () => {
    const { ws, graph, answers, last } = await questionGraph();
    last.open();
    const decision_id = await asked(ws, graph);
    const command = { type: "answer_decision", scope, decision_id, option_id: "no" } as const;
    const written = await ws.commit({ ...command, surface: "cli" }, alice);
    expect(await (written.ok ? written.delivery : undefined)).toMatchObject({
      status: "delivered",
    });
    expect(await answers.resumed(decision_id)).toMatchObject({
      ok: true,
      output: { picks: ["no"] },
    });
  });

  it("answers queued with { wait: false }, the delivery under way", async () => {
    const { ws, graph, answers, last } = await questionGraph();
    const decision_id = await asked(ws, graph);
    const answer = { scope, decision_id, option_id: "yes" };
    const queued = await ws.answerDecision(answer, alice, { wait: false });
    expect(queued).toMatchObject({ ok: true, status: "queued", channel: "langgraph" });
    expect(await (queued.ok && "delivery" in queued ? queued.delivery : null)).toMatchObject({
      status: "delivered",
    });
    last.open();
    expect(await answers.resumed(decision_id)).toMatchObject({ ok: true, status: "resumed" });
  });

  it("resumes an answer that came while the graph was still saving its pause, once it has", async () => {
    const { ws, graph, answers, last, looks } = await questionGraph({ slowSaves: 100 });
    last.open();
    const answering: Promise<unknown>[] = [];
    // Answers the moment the question is recorded: before the checkpoint holds the pause.
    const subscription = ws.subscribe(await ws.head(), ({ event }) => {
      if (event.type !== "decision_requested") return;
      const { decision } = event as unknown as { decision: { id: string } };
      const answer = { scope, decision_id: decision.id, option_id: "yes" };
      answering.push(ws.answerDecision(answer, alice).then(() => answers.resumed(decision.id)));
    });
    await graph.invoke({}, config);
    const [resumed] = await Promise.all(answering);
    subscription.close();
    expect(resumed).toMatchObject({ ok: true, output: { picks: ["yes"], done: true } });
    // It looked before the pause was saved, and again until it was.
    expect(looks.states).toBeGreaterThan(1);
  });

  it("reports a resume that found no paused thread, the answer kept, and resumes on retry", async () => {
    let thread = "elsewhere";
    const { ws, graph, answers, last } = await questionGraph({
      answers: { config: () => ({ configurable: { thread_id: thread } }), pauseTimeoutMs: 50 },
    });
    last.open();
    const decision_id = await asked(ws, graph);
    const answered = await ws.answerDecision({ scope, decision_id, option_id: "yes" }, alice);
    expect(answered).toMatchObject({ ok: true, status: "delivered" });
    const failed = await answers.resumed(decision_id);
    if (failed.ok) throw new Error("expected a failed resume");
    expect(failed.stage).toBe("pause");
    expect(String(failed.error)).toContain(
      `graph thread elsewhere is not paused on decision ${decision_id}`,
    );
    thread = "t1";
    expect(await failed.retry()).toMatchObject({
      ok: true,
      output: { picks: ["yes"], done: true },
    });
  });

  it("reports a graph that failed after the pick", async () => {
    const { ws, graph, answers, last } = await questionGraph({ failLast: true });
    last.open();
    const decision_id = await asked(ws, graph);
    await ws.answerDecision({ scope, decision_id, option_id: "no" }, alice);
    const failed = await answers.resumed(decision_id);
    expect(failed).toMatchObject({ ok: false, stage: "resume" });
    expect(String(failed.error)).toContain("the last node broke");
  });

  it("reports a thread it could not find as a failed delivery, and as a failed resume", async () => {
    let lookups = 0;
    const { ws, graph, answers, last } = await questionGraph({
      answers: {
        config: () => {
          if (++lookups === 1) throw new Error("no such thread in the host's table");
          return config;
        },
      },
    });
    last.open();
    const decision_id = await asked(ws, graph);
    const answered = await ws.answerDecision({ scope, decision_id, option_id: "yes" }, alice);
    expect(answered).toMatchObject({ ok: false, stage: "deliver", channel: "langgraph" });
    const failed = await answers.resumed(decision_id);
    expect(failed).toMatchObject({ ok: false, stage: "config", config: null });
    expect(failed.ok ? null : await failed.retry()).toMatchObject({ ok: true, status: "resumed" });
  });
});
