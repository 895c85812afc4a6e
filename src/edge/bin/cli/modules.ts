import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { StartOfferPorts } from "../../../host/start-offer.ts";
import type { Registry } from "../../../model/registry.ts";
import type { AnswerChannel } from "../../../workspace/deliveries.ts";
import { usage } from "./exit.ts";

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * The default export of the module file `spec` (a path, relative to `cwd`).
 *
 * @throws CliError `usage` when there is no such file, it fails to load, or has no default export.
 */
async function defaultExport(flag: string, spec: string, cwd: string): Promise<unknown> {
  const path = resolve(cwd, spec);
  if (!existsSync(path)) throw usage(`${flag} ${spec}: no such file`);
  let loaded: { readonly default?: unknown };
  try {
    loaded = (await import(pathToFileURL(path).href)) as { readonly default?: unknown };
  } catch (error) {
    throw usage(`${flag} ${spec}: could not be loaded: ${messageOf(error)}`);
  }
  if (loaded.default === undefined) throw usage(`${flag} ${spec}: it has no default export`);
  return loaded.default;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** Which of `names` are not functions on `value`. */
function missingFunctions(value: Record<string, unknown>, names: readonly string[]): string[] {
  return names.filter((name) => typeof value[name] !== "function");
}

/**
 * The registry a `--registry` module's default export is.
 *
 * @throws CliError `usage` when the module cannot be had or its default export is no registry.
 */
export async function loadRegistry(spec: string, cwd: string): Promise<Registry> {
  const registry = await defaultExport("--registry", spec, cwd);
  const methods = ["artifactType", "feedbackType", "artifactTypes"];
  if (!isObject(registry) || missingFunctions(registry, methods).length > 0) {
    throw usage(`--registry ${spec}: its default export is not a registry (see createRegistry)`);
  }
  return registry as unknown as Registry;
}

/**
 * What a `--host` module gives: its default export, or what that export (a function) returns
 * or resolves to. The offer ports are checked where they are needed (`offer start`).
 */
export interface CliHost {
  /** The module, for messages. */
  readonly spec: string;
  /** The host's side of starting an offer, as the module gave it (checked by `offerPorts`). */
  readonly given: Readonly<Record<string, unknown>>;
  /** The answer channels the host proves, by name: decisions on them are delivered here. */
  readonly answerChannels: Readonly<Record<string, AnswerChannel>>;
}

/**
 * Loads a `--host` module: its default export is an object (or a function returning one, or a
 * promise of one) with the offer ports `checkout`, `confirmSharedCheckout` and `dispatch`,
 * and optionally `answerChannels`, an object of answer channels by name.
 *
 * @throws CliError `usage` when the module cannot be had or gives something else.
 */
export async function loadHost(spec: string, cwd: string): Promise<CliHost> {
  const exported = await defaultExport("--host", spec, cwd);
  let given: unknown;
  try {
    given = typeof exported === "function" ? await (exported as () => unknown)() : exported;
  } catch (error) {
    throw usage(`--host ${spec}: its default export threw: ${messageOf(error)}`);
  }
  if (!isObject(given)) throw usage(`--host ${spec}: its default export gives no object`);
  const channels = given.answerChannels ?? {};
  if (!isObject(channels) || missingFunctions(channels, Object.keys(channels)).length > 0) {
    throw usage(`--host ${spec}: answerChannels must be an object of functions, by channel name`);
  }
  return { spec, given, answerChannels: channels as Record<string, AnswerChannel> };
}

/** The ports an offer starts through, from the `--host` module. @throws CliError `usage` */
export function offerPorts(host: CliHost | null): StartOfferPorts {
  if (host === null) {
    throw usage(
      "offer start needs --host <module>: a module whose default export gives the host's ports",
    );
  }
  const missing = missingFunctions(host.given, ["checkout", "confirmSharedCheckout", "dispatch"]);
  if (missing.length > 0) {
    throw usage(`--host ${host.spec}: its default export lacks ${missing.join(", ")} (functions)`);
  }
  return host.given as unknown as StartOfferPorts;
}
