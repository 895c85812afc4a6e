import { type AccessRule, RUNS, WITH_OWN_AGENT } from "../access/who-may.ts";
import type { CommitResult } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import type { Fact } from "../model/event.ts";
import type { Result } from "../model/result.ts";
import type { State } from "../model/state.ts";
import { decideFact } from "../runs/record.ts";
import type { FactOf, FactRows, Row } from "./row.ts";
import type { Wanted } from "./wanted.ts";

type FactType = keyof FactOf;
type RunFact = { readonly thread_id: string; readonly run_id: string };

// Every fact is decided by the one rule that records them.
const recorded = (_: DecideContext, state: State, fact: Fact): Result<CommitResult> =>
  decideFact(state, fact);

// A run's facts: its thread's agent or the system, in the original's words.
const RUN_ACCESS: AccessRule<RunFact> = {
  may: RUNS,
  what: "record a run",
  actsIn: (fact) => fact.thread_id,
  words: (fact) => `only thread ${fact.thread_id}'s agent or the system may record its runs`,
};

const runNeeds = (want: Wanted, fact: RunFact): void => {
  want.runs.push(fact.run_id);
};

/**
 * Every fact type's row: who may record it, what it needs loaded, the rule that decides it.
 * Adding a fact is adding its row here.
 */
export const FACTS: FactRows = {
  run_started: {
    access: RUN_ACCESS,
    needs: (want, fact) => {
      want.threads.push(fact.thread_id);
      want.runs.push(fact.run_id);
    },
    decide: recorded,
  },
  tool_called: { access: RUN_ACCESS, needs: runNeeds, decide: recorded },
  tool_returned: { access: RUN_ACCESS, needs: runNeeds, decide: recorded },
  run_paused: { access: RUN_ACCESS, needs: runNeeds, decide: recorded },
  run_ended: { access: RUN_ACCESS, needs: runNeeds, decide: recorded },
  app_event: {
    access: {
      may: WITH_OWN_AGENT,
      what: "record an application event",
      actsIn: (fact) => fact.thread_id,
      // An agent's application event names its own run or none.
      bounds: (fact, _, actor) => {
        if (actor.kind !== "agent" || fact.run_id === null) return null;
        const own = actor.run_id ?? null;
        if (fact.run_id === own) return null;
        return `an agent acts ${own === null ? "in no run" : `only in its own run, ${own}`}`;
      },
    },
    needs: (want, fact) => {
      want.threads.push(fact.thread_id);
    },
    decide: recorded,
  },
};

/** The row of a fact type, typed for that type's fact. */
export function factRow<K extends FactType>(type: K): Row<FactOf[K]> {
  return FACTS[type];
}
