import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (file: string) => fileURLToPath(new URL(`./src/entries/${file}`, import.meta.url));

export default defineConfig({
  resolve: {
    // Examples import the package by name; tests run them against the sources.
    alias: [
      {
        find: /^agent-workspace\/(rules|schemas|merge|testing|sqlite|postgres|checkout|tools|mcp|ai|openai-agents|langgraph|protocol|client|review)$/,
        replacement: src("$1.ts"),
      },
      { find: /^agent-workspace$/, replacement: src("index.ts") },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    // The public types, checked by the compiler (`*.test-d.ts` are never run): every
    // `vitest run`, so `npm test` too, fails when an expectation about a type does not hold.
    // Their own tsconfig compiles them and what they import, not the whole project again.
    typecheck: {
      enabled: true,
      include: ["test/types/**/*.test-d.ts"],
      tsconfig: "test/types/tsconfig.json",
    },
    pool: "threads",
    // Both cores: most files wait on git, SQLite or PostgreSQL rather than compute.
    maxWorkers: 2,
    // Tests drive real git repositories, SQLite files and a PostgreSQL server beside each
    // other: on a busy two-core machine one test can take seconds without being stuck.
    testTimeout: 30_000,
  },
});
