// One row per command and per fact: the tables have a row for every type the schemas parse,
// and (checked by the compiler, `tsc --noEmit -p .`) a type without a complete row, or a row
// whose parts take another type's item, does not compile.
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/decide/commands.ts";
import { FACTS } from "../../src/decide/facts.ts";
import { isFact } from "../../src/decide/needs.ts";
import type { CommandOf, CommandRows, FactOf, FactRows, Row } from "../../src/decide/row.ts";
import { type Command, CommandSchema } from "../../src/model/command.ts";
import { type Fact, FactSchema } from "../../src/model/event.ts";

type ReleaseRow = Row<CommandOf["release_offer"]>;
const { release_offer: releaseRow, ...withoutRelease } = COMMANDS;
const { needs: _needs, ...releaseWithoutNeeds } = releaseRow;
const releaseByFocusRule = { ...releaseRow, decide: COMMANDS.set_focus.decide };
const { app_event: appRow, ...withoutAppEvent } = FACTS;
const { actsIn: _actsIn, ...appAccessWithoutThread } = appRow.access;
const appWithoutThread = { ...appRow, access: appAccessWithoutThread };

// Each assignment below must be a compile error; an unused `@ts-expect-error` is one itself.
// @ts-expect-error a command type without a row
const noCommandRow: CommandRows = withoutRelease;
// @ts-expect-error a row without what it needs loaded
const noNeeds: ReleaseRow = releaseWithoutNeeds;
// @ts-expect-error a row whose rule decides another command type
const otherRule: ReleaseRow = releaseByFocusRule;
// @ts-expect-error a fact type without a row
const noFactRow: FactRows = withoutAppEvent;
// @ts-expect-error a row whose access does not say the thread it acts in
const noThread: Row<FactOf["app_event"]> = appWithoutThread;
const incomplete = [noCommandRow, noNeeds, otherRule, noFactRow, noThread];

const typesOf = (schema: { readonly options: readonly { shape: { type: { value: string } } }[] }) =>
  schema.options.map((option) => option.shape.type.value).sort();

describe("the command and fact tables", () => {
  it("have a row for every command and fact type the schemas parse, and no other", () => {
    expect(Object.keys(COMMANDS).sort()).toEqual(typesOf(CommandSchema));
    expect(Object.keys(FACTS).sort()).toEqual(typesOf(FactSchema));
    expect(incomplete).toHaveLength(5);
  });

  it("tell a fact from a command by the fact table", () => {
    const item = (type: string) => ({ type }) as Command | Fact;
    for (const type of typesOf(FactSchema)) expect(isFact(item(type))).toBe(true);
    for (const type of typesOf(CommandSchema)) expect(isFact(item(type))).toBe(false);
  });
});
