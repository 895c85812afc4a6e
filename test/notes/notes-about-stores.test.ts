import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../src/conformance/fixtures.ts";
import { createWorkspace, memoryStore } from "../../src/entries/index.ts";
import { postgresStore } from "../../src/entries/postgres.ts";
import { sqliteStore } from "../../src/entries/sqlite.ts";
import { changeNotes } from "../../src/notes/change-notes.ts";
import type { Store } from "../../src/stores/port.ts";
import { testDatabase, withPostgres } from "../stores/fixtures/pg-env.ts";
import { tempFiles } from "../stores/fixtures/sqlite-files.ts";
import { ACTORS, ARTIFACTS, logOf, randomLog } from "./fixtures/random-log.ts";

const { file } = tempFiles("notes-about");
const WS = "ws_notes_about";

// A few random logs, the same every run, with every viewer and a few foci over each.
const LOGS = fc.sample(randomLog(60), { numRuns: 4, seed: 20261204 }).map((e) => logOf(WS, e));
const FOCI = [[], ["a1"], ["a2", "a4"], [...ARTIFACTS]];

// On `store`: each viewer's notes through `workspace.notes` (the indexed read), from several
// cursors, against the notes of the whole log after the cursor.
async function expectSameNotes(open: () => Promise<Store>): Promise<void> {
  for (const log of LOGS) {
    const store = await open();
    const ws = createWorkspace({ registry: fixtureRegistry(), store, id: WS });
    try {
      const empty = { artifacts: [], revisions: [], proposals: [], threads: [], runs: [] };
      await store.append(WS, 0, { ...empty, messages: [], envelopes: log });
      const whole = await store.read(WS, { after: 0 });
      expect(whole).toHaveLength(log.length);
      for (const viewer of ACTORS) {
        for (const focus of FOCI) {
          for (const after of [0, 7, Math.floor(log.length / 2)]) {
            const told = await ws.notes({ viewer, after, focus });
            const all = changeNotes(whole.slice(after), { viewer, focus });
            expect(told.notes).toEqual(all);
            expect(told.cursor).toBe(log.length);
          }
        }
      }
    } finally {
      await ws.close();
    }
  }
}

describe("notes by what the viewer follows, on every store", () => {
  it("memory: the notes of the whole log after the cursor", () =>
    expectSameNotes(async () => memoryStore()));

  it("sqlite: the notes of the whole log after the cursor", () =>
    expectSameNotes(async () => sqliteStore({ path: file() })));

  withPostgres(
    "postgres",
    (url) => {
      const db = testDatabase(url);
      it("postgres: the notes of the whole log after the cursor", () =>
        expectSameNotes(() => postgresStore({ pool: db.pool }, { schema: db.schema() })));
    },
    { quiet: true },
  );
});
