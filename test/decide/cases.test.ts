// The conformance cases for parsing commands, facts and actors, and patch details.
import { describe } from "vitest";
import { caseTests } from "../conformance/case-tests.ts";

describe("decide cases", () => caseTests("decide"));
