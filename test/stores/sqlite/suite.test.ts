import { sqliteStore } from "../../../src/entries/sqlite.ts";
import { storeSuite, withFaults } from "../../../src/entries/testing.ts";
import { tempFiles } from "../fixtures/sqlite-files.ts";
import { writeSchema4 } from "../fixtures/sqlite-older.ts";

const { file } = tempFiles("sqlite-suite");

await storeSuite("sqlite", {
  open: async () => sqliteStore({ path: file() }),
  reopen: async (store) => sqliteStore({ path: store.path }),
  openFailingAt: async (store, n) =>
    sqliteStore(withFaults({ path: store.path }, { failAtRow: n })),
  openMigrated: async (workspaceId, records) => {
    const path = file();
    writeSchema4(path, workspaceId, records);
    return sqliteStore({ path });
  },
});
