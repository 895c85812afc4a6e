// The conformance cases for creating, editing and archiving artifacts under their write policies.
import { describe } from "vitest";
import { caseTests } from "../conformance/case-tests.ts";

describe("rules/artifacts cases", () => caseTests("rules/artifacts"));
