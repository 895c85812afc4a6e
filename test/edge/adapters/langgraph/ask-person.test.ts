import { INTERRUPT, isInterrupted } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { isWorkspaceError } from "../../../../src/model/errors.ts";
import { alice, questionGraph, SHIP } from "./question-graph.ts";

const config = { configurable: { thread_id: "t1" } };
const sleep = (ms: number) =>
  new Promise<"blocked">((done) => setTimeout(() => done("blocked"), ms));

const interruptsOf = (out: unknown) => (isInterrupted(out) ? out[INTERRUPT] : []);

const requested = async (ws: { log(): Promise<{ event: { type: string } }[]> }) =>
  (await ws.log()).filter((e) => e.event.type === "decision_requested").length;

describe("askPerson", () => {
  it("puts the question in front of the person and pauses the graph", async () => {
    const { ws, graph } = await questionGraph();
    const out = await graph.invoke({}, config);
    const [pending] = await ws.decisions();
    const decision_id = pending?.decision.id ?? "";
    expect(interruptsOf(out)).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        value: {
          type: "agent_workspace.decision",
          decision_id,
          scope: { kind: "thread", id: "t1" },
          prompt: "Ship release 1?",
          options: SHIP,
        },
      },
    ]);
    expect(pending).toMatchObject({
      scope: { kind: "thread", id: "t1" },
      decision: { prompt: "Ship release 1?", options: SHIP, channel: "langgraph" },
    });
    expect((await graph.getState(config)).next).toEqual(["ask"]);
  });

  it("gives the person's answer back before the rest of the graph has run, then the graph completes with it", async () => {
    const { ws, graph, answers, runs, last } = await questionGraph();
    await graph.invoke({}, config);
    const [pending] = await ws.decisions();
    const decision_id = pending?.decision.id ?? "";
    const answer = { scope: { kind: "thread", id: "t1" } as const, decision_id, option_id: "yes" };
    // The last node waits on a gate opened only after the answer returned: an answer that
    // waited for the graph would never return.
    const answered = await Promise.race([ws.answerDecision(answer, alice), sleep(5000)]);
    expect(answered).toEqual({
      ok: true,
      status: "delivered",
      option_id: "yes",
      channel: "langgraph",
    });
    await last.reached;
    expect((await graph.getState(config)).values.done).toBe(false);
    last.open();
    const resumed = await answers.resumed(decision_id);
    expect(resumed).toMatchObject({
      ok: true,
      status: "resumed",
      output: { picks: ["yes"], done: true },
    });
    expect(resumed.delivery).toEqual({
      ...answer,
      thread_id: "t1",
      run_id: null,
      label: "Ship it",
    });
    expect((await graph.getState(config)).next).toEqual([]);
    // The asking node ran again on resume, and asked nothing twice.
    expect(runs).toEqual({ prepare: 1, ask: 2 });
    expect(await requested(ws)).toBe(1);
    expect(await ws.decisions()).toEqual([]);
  });

  it("asks one question after another in one node, each answered once", async () => {
    const { ws, graph, answers, last, results } = await questionGraph({ questions: 2 });
    last.open();
    await graph.invoke({}, config);
    for (const option_id of ["no", "yes"]) {
      const [pending] = await ws.decisions();
      const decision_id = pending?.decision.id ?? "";
      const scope = { kind: "thread", id: "t1" } as const;
      await ws.answerDecision({ scope, decision_id, option_id }, alice);
      await answers.resumed(decision_id);
    }
    expect(results.map((r) => r.ok && r.output)).toMatchObject([
      { picks: [], __interrupt__: [{ value: { prompt: "Ship release 2?" } }] },
      { picks: ["no", "yes"], done: true },
    ]);
    expect(await requested(ws)).toBe(2);
  });

  it("asks in the agent's run when it has one", async () => {
    const agent = { kind: "agent", thread_id: "t1", run_id: "r1" } as const;
    // Graph threads named after the workspace's threads: a run's decision resumes its thread.
    const byThread = { config: () => ({ configurable: { thread_id: "t1" } }) };
    const { ws, graph, answers, last } = await questionGraph({ agent, answers: byThread });
    await ws.record({ type: "run_started", run_id: "r1", thread_id: "t1" }, agent);
    last.open();
    const out = await graph.invoke({}, config);
    const [pending] = await ws.decisions();
    expect(pending).toMatchObject({ scope: { kind: "run", id: "r1" }, run_id: "r1" });
    expect(interruptsOf(out)[0]?.value).toMatchObject({ scope: { kind: "run", id: "r1" } });
    const decision_id = pending?.decision.id ?? "";
    const scope = { kind: "run", id: "r1" } as const;
    await ws.answerDecision({ scope, decision_id, option_id: "no" }, alice);
    const resumed = await answers.resumed(decision_id);
    expect(resumed).toMatchObject({ ok: true, output: { picks: ["no"], done: true } });
  });

  it("refuses, writing nothing, when the workspace has no LangGraph channel to answer through", async () => {
    const { ws, graph } = await questionGraph({ declare: false });
    const head = await ws.head();
    const failed = await graph.invoke({}, config).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isWorkspaceError(failed) && failed.code).toBe("refused");
    expect(isWorkspaceError(failed) && failed.rejection).toMatchObject({
      type: "invalid_state",
      message: "answer channel langgraph is not declared in the workspace's answerChannels",
    });
    expect(await ws.head()).toBe(head);
    expect(await ws.decisions()).toEqual([]);
  });

  it("refuses an agent that is not a thread's", async () => {
    const { graph } = await questionGraph({ agent: { kind: "external_agent", client_id: "c" } });
    await expect(graph.invoke({}, config)).rejects.toMatchObject({ code: "invalid_argument" });
  });
});
