// The conformance cases for typed feedback and who may give it.
import { describe } from "vitest";
import { caseTests } from "../conformance/case-tests.ts";

describe("rules/feedback cases", () => caseTests("rules/feedback"));
