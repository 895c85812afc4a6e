#!/usr/bin/env node
// `agent-workspace`: review what agents propose, from the terminal. Parsing and dispatch are
// in ./cli/main.ts; this file only hands it the process and sets the exit code.
import { processIo } from "./cli/io.ts";
import { runCli } from "./cli/main.ts";

process.exitCode = await runCli(process.argv.slice(2), processIo());
