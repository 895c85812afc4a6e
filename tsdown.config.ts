import { defineConfig } from "tsdown";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    rules: "src/rules.ts",
    schemas: "src/schemas.ts",
    merge: "src/merge.ts",
    testing: "src/testing.ts",
    sqlite: "src/sqlite.ts",
    postgres: "src/postgres.ts",
    checkout: "src/checkout.ts",
    tools: "src/tools.ts",
    mcp: "src/mcp.ts",
    ai: "src/ai.ts",
    "openai-agents": "src/openai-agents.ts",
    langgraph: "src/langgraph.ts",
    protocol: "src/protocol.ts",
    client: "src/client.ts",
    review: "src/review.ts",
    "bin/mcp": "src/bin/mcp.ts",
    "bin/cli": "src/bin/cli.ts",
  },
  format: "esm",
  platform: "node",
  target: "node20",
  dts: true,
  clean: true,
});
