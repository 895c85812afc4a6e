import { describe, expect, it } from "vitest";
import { faultsOf } from "../../src/stores/faults.ts";
import { withFaults } from "../../src/testing/faults.ts";

describe("withFaults", () => {
  it("gives a copy of the options that carries the faults, leaving the original clean", () => {
    const options = { path: "/tmp/x.db" };
    const failing = withFaults(options, { failAtRow: 2 });
    expect(failing).toEqual(options);
    expect(failing).not.toBe(options);
    expect(faultsOf(failing)).toEqual({ failAtRow: 2 });
    expect(faultsOf(options)).toEqual({});
    expect(faultsOf({ ...failing })).toEqual({});
    expect(faultsOf(undefined)).toEqual({});
  });
});
