// The conformance cases for blocking decisions: asked, answered once, superseded, retired.
import { describe } from "vitest";
import { caseTests } from "../conformance/case-tests.ts";

describe("rules/decisions cases", () => caseTests("rules/decisions"));
