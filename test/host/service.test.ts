import { describe, expect, it } from "vitest";
import { missingPorts } from "../../src/host/service.ts";

const NAMES = ["checkout.check", "checkout.prepare", "checkout.release", "dispatch"];

class GitAdapter {
  readonly calls: string[] = [];
  async check(): Promise<void> {
    this.calls.push("check");
  }
  async prepare(): Promise<void> {}
  async release(): Promise<void> {}
}

class Host {
  readonly checkout = new GitAdapter();
  async dispatch(): Promise<void> {}
}

function missing(ports: unknown, names = NAMES): string[] {
  const rejection = missingPorts(ports, names);
  if (rejection === null) return [];
  if (rejection.type !== "validation_failed") throw new Error(rejection.message);
  return rejection.errors.map((e) => e.loc.join("."));
}

describe("missingPorts", () => {
  it("takes ports a class gives its instances, the adapter's methods too", () => {
    expect(missingPorts(new Host(), NAMES)).toBeNull();
    expect(missingPorts({ checkout: new GitAdapter(), dispatch() {} }, NAMES)).toBeNull();
    // Inherited through more than one class.
    class Logged extends GitAdapter {}
    expect(missingPorts({ checkout: new Logged(), dispatch() {} }, NAMES)).toBeNull();
  });

  it("takes plain objects and objects without a prototype", () => {
    const bare = Object.assign(Object.create(null), { dispatch() {} });
    bare.checkout = Object.assign(Object.create(null), {
      check() {},
      prepare() {},
      release() {},
    });
    expect(missingPorts(bare, NAMES)).toBeNull();
  });

  it("names each port left out, or not a function", () => {
    expect(missing({ checkout: { check() {}, prepare: 1 } })).toEqual([
      "ports.checkout.prepare",
      "ports.checkout.release",
      "ports.dispatch",
    ]);
    expect(missing(null)).toEqual(NAMES.map((name) => `ports.${name}`));
    expect(missing(undefined, ["dispatch"])).toEqual(["ports.dispatch"]);
  });

  it("never takes a member of Object.prototype or Function.prototype for a port", () => {
    const names = ["constructor", "toString", "valueOf", "hasOwnProperty", "call", "bind"];
    expect(missing({}, names)).toEqual(names.map((name) => `ports.${name}`));
    expect(missing(new Host(), names)).toEqual(names.map((name) => `ports.${name}`));
    expect(missing(() => {}, names)).toEqual(names.map((name) => `ports.${name}`));
    expect(missing({ checkout: {} }, ["checkout.toString", "checkout.constructor"])).toEqual([
      "ports.checkout.toString",
      "ports.checkout.constructor",
    ]);
  });
});
