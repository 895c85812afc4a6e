// The conformance cases for side conversations: one per thread, never nested, writes under
// the same policies.
import { describe } from "vitest";
import { caseTests } from "../conformance/case-tests.ts";

describe("rules/sides cases", () => caseTests("rules/sides"));
