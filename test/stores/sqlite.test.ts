import { type SqliteStore, sqliteStore } from "../../src/sqlite.ts";
import { storeSuite } from "../../src/testing/store-suite.ts";
import { tempFiles } from "./fixtures/sqlite-files.ts";

const { file } = tempFiles("sqlite-suite");
const path = (store: unknown) => (store as SqliteStore).path;

storeSuite("sqlite", {
  open: async () => sqliteStore({ path: file() }),
  reopen: async (store) => sqliteStore({ path: path(store) }),
  openFailingAt: async (store, n) => sqliteStore({ path: path(store), faults: { failAtRow: n } }),
});
