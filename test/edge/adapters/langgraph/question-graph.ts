// A graph whose middle node asks the person, and whose last node waits on a gate the test
// opens: what shows that the person's answer returns before the rest of the graph has run.
import { Annotation, END, MemorySaver, START, StateGraph } from "@langchain/langgraph";
import { fixtureRegistry } from "../../../../src/conformance/fixtures.ts";
import { langGraphAnswers } from "../../../../src/edge/adapters/langgraph/answers.ts";
import type {
  LangGraphAnswersOptions,
  ResumeResult,
} from "../../../../src/edge/adapters/langgraph/api.ts";
import { askPerson } from "../../../../src/edge/adapters/langgraph/ask-person.ts";
import type { ActorInput } from "../../../../src/model/actors.ts";
import type { Workspace } from "../../../../src/workspace/api.ts";
import { createWorkspace } from "../../../../src/workspace/workspace.ts";

export const alice = { kind: "user", id: "alice", name: "Alice" } as const;
export const SHIP = [
  { id: "yes", label: "Ship it" },
  { id: "no", label: "Hold it" },
];

const State = Annotation.Root({
  picks: Annotation<string[]>({ reducer: (a, b) => [...a, ...b], default: () => [] }),
  done: Annotation<boolean>({ reducer: (_, b) => b, default: () => false }),
});

/** A gate a node waits on until the test opens it, and a signal that the node got there. */
function gate() {
  let open = (): void => {};
  let reach = (): void => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  return { opened, reached, open, reach };
}

export interface QuestionGraphOptions {
  /** Questions the asking node asks, one after the other (default: one). */
  readonly questions?: number;
  /** The agent asking (default: thread t1's). */
  readonly agent?: ActorInput;
  /** Declare the LangGraph answer channel (default true). */
  readonly declare?: boolean;
  /** What the answer channel is built with, past the graph. */
  readonly answers?: Partial<Omit<LangGraphAnswersOptions, "graph">>;
  /** Make the last node fail. */
  readonly failLast?: boolean;
  /** Milliseconds the checkpointer takes to save each task's writes (default 0). */
  readonly slowSaves?: number;
}

/** A MemorySaver slow to save writes: a pause is seen a while after the question is asked. */
class SlowSaver extends MemorySaver {
  constructor(private readonly ms: number) {
    super();
  }

  override async putWrites(...args: Parameters<MemorySaver["putWrites"]>): Promise<void> {
    await new Promise((done) => setTimeout(done, this.ms));
    return super.putWrites(...args);
  }
}

/** The workspace, the graph on a MemorySaver, its answer channel, and what the nodes did. */
export async function questionGraph(options: QuestionGraphOptions = {}) {
  const agent = options.agent ?? { kind: "agent", thread_id: "t1" };
  const runs = { prepare: 0, ask: 0 };
  const last = gate();
  const results: ResumeResult[] = [];
  let workspace: Workspace | undefined;
  const graph = new StateGraph(State)
    .addNode("prepare", () => {
      runs.prepare++;
      return {};
    })
    .addNode("ask", async () => {
      runs.ask++;
      const picks: string[] = [];
      for (let i = 1; i <= (options.questions ?? 1); i++) {
        const ws = workspace as Workspace;
        const pick = await askPerson(ws, { agent, prompt: `Ship release ${i}?`, options: SHIP });
        picks.push(pick.option_id);
      }
      return { picks };
    })
    .addNode("last", async () => {
      last.reach();
      await last.opened;
      if (options.failLast === true) throw new Error("the last node broke");
      return { done: true };
    })
    .addEdge(START, "prepare")
    .addEdge("prepare", "ask")
    .addEdge("ask", "last")
    .addEdge("last", END)
    .compile({ checkpointer: new SlowSaver(options.slowSaves ?? 0) });
  const looks = { states: 0 };
  const answers = langGraphAnswers({
    // Counts how often the channel looks at the thread's state.
    graph: {
      invoke: (input, config) => graph.invoke(input, config),
      getState: (config) => {
        looks.states++;
        return graph.getState(config);
      },
    },
    config: (d) => ({ configurable: { thread_id: d.scope.id } }),
    onResume: (result) => results.push(result),
    ...options.answers,
  });
  const channels = options.declare === false ? {} : { langgraph: answers.channel };
  workspace = createWorkspace({ registry: fixtureRegistry(), answerChannels: channels });
  await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
  return { ws: workspace, graph, answers, runs, last, results, agent, looks };
}
