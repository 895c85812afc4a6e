import { defineConfig } from "tsdown";

export default defineConfig({
  entry: {
    index: "src/entries/index.ts",
    rules: "src/entries/rules.ts",
    schemas: "src/entries/schemas.ts",
    merge: "src/entries/merge.ts",
    testing: "src/entries/testing.ts",
    sqlite: "src/entries/sqlite.ts",
    postgres: "src/entries/postgres.ts",
    checkout: "src/entries/checkout.ts",
    tools: "src/entries/tools.ts",
    mcp: "src/entries/mcp.ts",
    ai: "src/entries/ai.ts",
    "openai-agents": "src/entries/openai-agents.ts",
    langgraph: "src/entries/langgraph.ts",
    protocol: "src/entries/protocol.ts",
    client: "src/entries/client.ts",
    review: "src/entries/review.ts",
    "bin/mcp": "src/edge/bin/mcp.ts",
    "bin/cli": "src/edge/bin/cli.ts",
  },
  format: "esm",
  platform: "node",
  target: "node20",
  dts: true,
  clean: true,
});
