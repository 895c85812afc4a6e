import { describe } from "vitest";
import type { Store, StoreCapabilities } from "../stores/port.ts";
import type { StoreSuiteAdapter } from "./store-suite.ts";
import { commandTests } from "./suite-commands.ts";
import { conformanceTests } from "./suite-conformance.ts";
import { suiteContext } from "./suite-context.ts";
import { cursorTests, landedTests } from "./suite-cursors.ts";
import { decisionOfferPageTests } from "./suite-decision-offer-pages.ts";
import { atomicityTests, durabilityTests } from "./suite-durability.ts";
import { crossProcessTests, feedTests, replayTests } from "./suite-feed.ts";
import { groupCommitTests } from "./suite-group-commit.ts";
import { listTests } from "./suite-lists.ts";
import { isolationTests, logTests } from "./suite-log.ts";
import { notesIndexTests } from "./suite-notes-index.ts";
import { offerTests } from "./suite-offers.ts";
import { pageTests } from "./suite-pages.ts";
import { rejectionIndexTests } from "./suite-rejection-index.ts";
import { reviewTests } from "./suite-review.ts";
import { takenIdTests } from "./suite-taken-ids.ts";
import { appendTests, loadAloneTests, writeTests } from "./suite-writes.ts";

/**
 * Registers the store suite's tests for one adapter, group by group, in the current Vitest
 * suite. Loaded by `storeSuite` only, so that Vitest stays out of `agent-workspace/testing`.
 */
export function registerStoreSuite<S extends Store>(
  name: string,
  adapter: StoreSuiteAdapter<S>,
  capabilities: StoreCapabilities,
): void {
  const suite = suiteContext(name, adapter, capabilities);
  describe(`store: ${name}`, () => {
    writeTests(suite);
    loadAloneTests(suite);
    rejectionIndexTests(suite);
    appendTests(suite);
    logTests(suite);
    notesIndexTests(suite);
    listTests(suite);
    pageTests(suite);
    decisionOfferPageTests(suite);
    offerTests(suite);
    cursorTests(suite);
    landedTests(suite);
    commandTests(suite);
    reviewTests(suite);
    groupCommitTests(suite);
    takenIdTests(suite);
    isolationTests(suite);
    feedTests(suite);
    crossProcessTests(suite);
    replayTests(suite);
    durabilityTests(suite);
    atomicityTests(suite);
    conformanceTests(suite);
  });
}
