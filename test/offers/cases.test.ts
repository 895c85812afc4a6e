// The conformance cases for answers to thread offers.
import { describe } from "vitest";
import { caseTests } from "../conformance/case-tests.ts";

describe("rules/offers cases", () => caseTests("rules/offers"));
