// The conformance cases for runs: their facts, pauses and deferred answers.
import { describe } from "vitest";
import { caseTests } from "../conformance/case-tests.ts";

describe("rules/runs cases", () => caseTests("rules/runs"));
