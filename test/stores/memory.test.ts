import { memoryStore } from "../../src/index.ts";
import { storeSuite } from "../../src/testing/store-suite.ts";

storeSuite("memory", { open: async () => memoryStore() });
