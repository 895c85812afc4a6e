// The conformance cases for threads: messages, focus, modes, and ending or deleting them.
import { describe } from "vitest";
import { caseTests } from "../conformance/case-tests.ts";

describe("rules/threads cases", () => caseTests("rules/threads"));
