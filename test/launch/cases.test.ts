// The conformance cases for launching a thread within the caller's ceiling.
import { describe } from "vitest";
import { caseTests } from "../conformance/case-tests.ts";

describe("rules/launch cases", () => caseTests("rules/launch"));
