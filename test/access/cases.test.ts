// The conformance cases for who may do what.
import { describe } from "vitest";
import { caseTests } from "../conformance/case-tests.ts";

describe("rules/access cases", () => caseTests("rules/access"));
