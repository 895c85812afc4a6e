import { memoryStore } from "../../src/entries/index.ts";
import { storeSuite } from "../../src/entries/testing.ts";

await storeSuite("memory", { open: async () => memoryStore() });
