// What a tool call answers: text for the model either way; `value` only on success and the
// rejection only on refusal, each read after checking `ok`.
import { orThrow, type Rejection, type Workspace } from "agent-workspace";
import {
  type ToolResult,
  type WorkspaceTool,
  type WorkspaceToolsOptions,
  workspaceTools,
} from "agent-workspace/tools";
import { describe, expectTypeOf, it } from "vitest";

declare const workspace: Workspace;
declare const result: ToolResult;

describe("the tools", () => {
  it("are made for one agent of a workspace", () => {
    expectTypeOf(workspaceTools).parameters.toEqualTypeOf<
      [workspace: Workspace, options: WorkspaceToolsOptions]
    >();
    expectTypeOf(workspaceTools).returns.toEqualTypeOf<WorkspaceTool[]>();
    expectTypeOf(workspaceTools).toBeCallableWith(workspace, {
      agent: { kind: "agent", thread_id: "thr_1" },
    });
    // @ts-expect-error the tools act for an agent: it has to be named
    workspaceTools(workspace, {});
  });

  it("answer a ToolResult, never throwing for a bad argument", () => {
    const [tool] = workspaceTools(workspace, { agent: { kind: "agent", thread_id: "thr_1" } });
    expectTypeOf(tool).toEqualTypeOf<WorkspaceTool | undefined>();
    expectTypeOf<WorkspaceTool["execute"]>().returns.resolves.toEqualTypeOf<ToolResult>();
    expectTypeOf<WorkspaceTool["execute"]>().parameter(0).toBeUnknown();
  });

  it("give text for the model whatever happened", () => {
    expectTypeOf(result.text).toBeString();
    expectTypeOf(result.body).toBeString();
    expectTypeOf(result.notes).toBeString();
    // @ts-expect-error a refusal has no value: check `ok` first
    result.value;
  });

  it("give the value after `ok`, the rejection otherwise", () => {
    if (result.ok) {
      expectTypeOf(result.value).toBeUnknown();
      expectTypeOf(result.rejection).toEqualTypeOf<undefined>();
    } else {
      expectTypeOf(result.rejection).toEqualTypeOf<Rejection>();
    }
    expectTypeOf(orThrow(result)).toEqualTypeOf<Extract<ToolResult, { ok: true }>>();
  });
});
