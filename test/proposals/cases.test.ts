// The conformance cases for proposals: made, answered, rebased, repeated, expired and
// superseded, with provenance.
import { describe } from "vitest";
import { caseTests } from "../conformance/case-tests.ts";

describe("rules/proposals cases", () => caseTests("rules/proposals"));
