import { memoryStore } from "../../src/index.ts";
import { storeSuite } from "../../src/testing.ts";

await storeSuite("memory", { open: async () => memoryStore() });
