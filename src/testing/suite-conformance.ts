import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Case } from "../conformance/case-file.ts";
import { fixtureRegistry } from "../conformance/fixtures.ts";
import { resolveGiven } from "../conformance/load.ts";
import { type CaseDump, caseDifferences } from "../conformance/run-case.ts";
import type { ActorInput } from "../model/actors.ts";
import type { CommandInput } from "../model/command.ts";
import type { FactInput } from "../model/event.ts";
import { sequentialIds } from "../model/ids.ts";
import type { Store } from "../stores/port.ts";
import { createWorkspace } from "../workspace/workspace.ts";
import { caseFiles, DEVIATING } from "./case-files.ts";
import type { SuiteContext } from "./suite-context.ts";
import { batch } from "./suite-records.ts";

// Seeds the case's `given` into the store, then runs its command or record through a
// workspace on it: the store, not the case loader, answers every `needs`.
async function runThroughWorkspace(
  store: Store,
  workspaceId: string,
  testCase: Case,
): Promise<CaseDump> {
  const registry = fixtureRegistry();
  const given = resolveGiven(testCase.given, registry);
  const seeded = await store.append(
    workspaceId,
    0,
    batch({
      artifacts: [...given.artifacts.values()],
      revisions: [...given.revisions.values()],
      proposals: [...given.proposals.values()],
      threads: [...given.threads.values()],
      runs: [...given.runs.values()],
      messages: [...given.messages],
    }),
  );
  if (!seeded.ok) throw new Error("could not seed the case");
  const { now, channels = [], modes, side, widen } = testCase;
  const ws = createWorkspace({
    registry,
    store,
    id: workspaceId,
    newId: sequentialIds(),
    ...(now === undefined ? {} : { clock: () => new Date(now) }),
    ...(modes === undefined ? {} : { modes }),
    ...(widen === undefined ? {} : { widen }),
    // Only the names matter here: deciding a case never delivers.
    answerChannels: Object.fromEntries(channels.map((name) => [name, async () => {}])),
  });
  const options = side === undefined ? {} : { side };
  // A case's actor, command and fact stay raw JSON: some cases send what the workspace's
  // parse must refuse, so they are handed over as the typed inputs they may not be.
  const actor = testCase.actor as unknown as ActorInput;
  const result =
    testCase.command !== undefined
      ? await ws.commit(testCase.command as unknown as CommandInput, actor, options)
      : await ws.record(testCase.record as unknown as FactInput, actor, options);
  if (!result.ok) return JSON.parse(JSON.stringify({ rejection: result.rejection })) as CaseDump;
  const { outcome, envelopes, entities } = result;
  // Outcomes from the pure rules carry no seq; the case format predates it.
  const dump = {
    outcome: { ...outcome, seq: null },
    events: envelopes.map((e) => e.event),
    ...entities,
  };
  return JSON.parse(JSON.stringify(dump)) as CaseDump;
}

/**
 * Every conformance case the package ships, each through a workspace of its own on one store
 * (workspaces of a store are apart, which the isolation tests check): opening a store per
 * case would cost a schema and its migrations each on PostgreSQL.
 */
export function conformanceTests<S extends Store>({ adapter, fresh }: SuiteContext<S>): void {
  describe("conformance cases through a workspace on this store", () => {
    let store: S | null = null;
    beforeAll(async () => {
      store = await adapter.open();
    });
    afterAll(async () => {
      await store?.close();
    });
    for (const { label, cases } of caseFiles()) {
      for (const testCase of cases) {
        const name = `${label}: ${testCase.name}`;
        it(name, async () => {
          if (store === null) throw new Error("the suite's store did not open");
          const dump = await runThroughWorkspace(store, fresh(), testCase);
          const differences = caseDifferences(testCase, dump);
          if (DEVIATING.has(name)) expect(differences).not.toEqual([]);
          else expect(differences).toEqual([]);
        });
      }
    }
  });
}
