import { defineConfig } from "tsdown";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    testing: "src/testing.ts",
    sqlite: "src/sqlite.ts",
    postgres: "src/postgres.ts",
    checkout: "src/checkout.ts",
  },
  format: "esm",
  platform: "node",
  target: "node20",
  dts: true,
  clean: true,
});
