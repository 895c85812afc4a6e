// The rules of docs/adr/0031-validation-parity.md, row by row: an input, and what the original
// (Pydantic 2 in lax mode) answered for it, its `loc` without the union tags Pydantic adds
// (see the ADR). Each expected answer was produced by Pydantic itself from the same input; a
// row marked `extension` differs where our wire model is larger than the original's, one marked
// `deviation` where the original is wrong. `accuracy` rows are the `accuracy` feedback fixture
// of the conformance runner (a lax bool, an Enum, a Literal and a bounded float).
import type { JsonValue } from "../../src/model/json.ts";

/** One row: the rule, what parses it, the input, and the value or the errors the original gives. */
export interface ParityRow {
  readonly rule: string;
  readonly what: "command" | "fact" | "actor" | "accuracy";
  readonly input: JsonValue;
  readonly value?: JsonValue;
  readonly errors?: readonly JsonValue[];
  readonly extension?: string;
  /** Where we differ from the original on purpose (conformance/DEVIATIONS.md): its answer, and why. */
  readonly deviation?: string;
}

export const PARITY_ROWS: readonly ParityRow[] = [
  {
    rule: "int accepts an integer",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: 2,
    },
    value: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 2,
      patch: {
        kind: "text_edits",
        field: "text",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      summary: null,
      thread_id: null,
      proposal_id: "prp_generated",
    },
  },
  {
    rule: "int accepts an integral float",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: 2.0,
    },
    value: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 2,
      patch: {
        kind: "text_edits",
        field: "text",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      summary: null,
      thread_id: null,
      proposal_id: "prp_generated",
    },
  },
  {
    rule: "int accepts a numeric string",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: "2",
    },
    value: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 2,
      patch: {
        kind: "text_edits",
        field: "text",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      summary: null,
      thread_id: null,
      proposal_id: "prp_generated",
    },
  },
  {
    rule: "int strips whitespace",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: " 2 ",
    },
    value: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 2,
      patch: {
        kind: "text_edits",
        field: "text",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      summary: null,
      thread_id: null,
      proposal_id: "prp_generated",
    },
  },
  {
    rule: "int accepts a string with a zero fraction",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: "2.0",
    },
    value: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 2,
      patch: {
        kind: "text_edits",
        field: "text",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      summary: null,
      thread_id: null,
      proposal_id: "prp_generated",
    },
  },
  {
    rule: "int accepts underscores between digits",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: "1_0",
    },
    value: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 10,
      patch: {
        kind: "text_edits",
        field: "text",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      summary: null,
      thread_id: null,
      proposal_id: "prp_generated",
    },
  },
  {
    rule: "int accepts true as 1",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: true,
    },
    value: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: {
        kind: "text_edits",
        field: "text",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      summary: null,
      thread_id: null,
      proposal_id: "prp_generated",
    },
  },
  {
    rule: "int: false is 0, then the bound",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: false,
    },
    errors: [
      {
        type: "greater_than_equal",
        loc: ["base_version"],
        msg: "Input should be greater than or equal to 1",
        ctx: {
          ge: 1,
        },
      },
    ],
  },
  {
    rule: "int: a fraction is int_from_float",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: 2.5,
    },
    errors: [
      {
        type: "int_from_float",
        loc: ["base_version"],
        msg: "Input should be a valid integer, got a number with a fractional part",
      },
    ],
  },
  {
    rule: "int: a non-numeric string is int_parsing",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: "two",
    },
    errors: [
      {
        type: "int_parsing",
        loc: ["base_version"],
        msg: "Input should be a valid integer, unable to parse string as an integer",
      },
    ],
  },
  {
    rule: "int: a string with a fraction is int_parsing",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: "2.5",
    },
    errors: [
      {
        type: "int_parsing",
        loc: ["base_version"],
        msg: "Input should be a valid integer, unable to parse string as an integer",
      },
    ],
  },
  {
    rule: "int: an exponent string is int_parsing",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: "1e3",
    },
    errors: [
      {
        type: "int_parsing",
        loc: ["base_version"],
        msg: "Input should be a valid integer, unable to parse string as an integer",
      },
    ],
  },
  {
    rule: "int: null is int_type",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: null,
    },
    errors: [
      {
        type: "int_type",
        loc: ["base_version"],
        msg: "Input should be a valid integer",
      },
    ],
  },
  {
    rule: "int: a list is int_type",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: [2],
    },
    errors: [
      {
        type: "int_type",
        loc: ["base_version"],
        msg: "Input should be a valid integer",
      },
    ],
  },
  {
    rule: "int: beyond 64 bits is int_parsing_size",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: 1e20,
    },
    errors: [
      {
        type: "int_parsing_size",
        loc: ["base_version"],
        msg: "Unable to parse input string as an integer, exceeded maximum size",
      },
    ],
  },
  {
    rule: "int: the bound is checked after converting, with the input as sent",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: "0",
    },
    errors: [
      {
        type: "greater_than_equal",
        loc: ["base_version"],
        msg: "Input should be greater than or equal to 1",
        ctx: {
          ge: 1,
        },
      },
    ],
  },
  {
    rule: "int in a feedback target",
    what: "command",
    input: {
      type: "give_feedback",
      feedback_type: "helpfulness",
      target: {
        kind: "artifact",
        artifact_id: "n1",
        version: "3",
      },
    },
    value: {
      type: "give_feedback",
      feedback_type: "helpfulness",
      target: {
        kind: "artifact",
        artifact_id: "n1",
        version: 3,
      },
      value: {},
    },
  },
  {
    rule: "int in a fact's usage",
    what: "fact",
    input: {
      type: "run_ended",
      run_id: "r1",
      thread_id: "t1",
      status: "completed",
      usage: {
        requests: "2",
        input_tokens: 3.0,
        output_tokens: true,
      },
    },
    value: {
      type: "run_ended",
      run_id: "r1",
      thread_id: "t1",
      status: "completed",
      usage: {
        requests: 2,
        input_tokens: 3,
        output_tokens: 1,
      },
      error: null,
      reason: null,
    },
  },
  {
    rule: "bool accepts true",
    what: "command",
    input: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      approved: true,
    },
    value: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      answer: null,
      approved: true,
    },
  },
  {
    rule: "bool accepts 'true'",
    what: "command",
    input: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      approved: "true",
    },
    value: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      answer: null,
      approved: true,
    },
  },
  {
    rule: "bool accepts 'False', case-insensitive",
    what: "command",
    input: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      approved: "False",
    },
    value: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      answer: null,
      approved: false,
    },
  },
  {
    rule: "bool accepts 'yes', 'no', 'on', 'off', 't', 'f', 'y', 'n'",
    what: "command",
    input: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      approved: "off",
    },
    value: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      answer: null,
      approved: false,
    },
  },
  {
    rule: "bool accepts 1",
    what: "command",
    input: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      approved: 1,
    },
    value: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      answer: null,
      approved: true,
    },
  },
  {
    rule: "bool accepts 0.0",
    what: "command",
    input: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      approved: 0.0,
    },
    value: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      answer: null,
      approved: false,
    },
  },
  {
    rule: "bool: another integer is bool_parsing",
    what: "command",
    input: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      approved: 2,
    },
    errors: [
      {
        type: "bool_parsing",
        loc: ["approved"],
        msg: "Input should be a valid boolean, unable to interpret input",
      },
    ],
  },
  {
    rule: "bool: another string is bool_parsing",
    what: "command",
    input: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      approved: "maybe",
    },
    errors: [
      {
        type: "bool_parsing",
        loc: ["approved"],
        msg: "Input should be a valid boolean, unable to interpret input",
      },
    ],
  },
  {
    rule: "bool: whitespace is not stripped",
    what: "command",
    input: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      approved: " true",
    },
    errors: [
      {
        type: "bool_parsing",
        loc: ["approved"],
        msg: "Input should be a valid boolean, unable to interpret input",
      },
    ],
  },
  {
    rule: "bool: a fraction is bool_type",
    what: "command",
    input: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      approved: 0.5,
    },
    errors: [
      {
        type: "bool_type",
        loc: ["approved"],
        msg: "Input should be a valid boolean",
      },
    ],
  },
  {
    rule: "bool: a list is bool_type",
    what: "command",
    input: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      approved: [],
    },
    errors: [
      {
        type: "bool_type",
        loc: ["approved"],
        msg: "Input should be a valid boolean",
      },
    ],
  },
  {
    rule: "bool: null stays null where null is allowed",
    what: "command",
    input: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      approved: null,
    },
    value: {
      type: "answer_deferred",
      run_id: "r1",
      tool_call_id: "c1",
      answer: null,
      approved: null,
    },
  },
  {
    rule: "str never converts a number",
    what: "command",
    input: {
      type: "create_thread",
      thread_id: "t2",
      title: 5,
    },
    errors: [
      {
        type: "string_type",
        loc: ["title"],
        msg: "Input should be a valid string",
      },
    ],
  },
  {
    rule: "str never converts a boolean",
    what: "command",
    input: {
      type: "post_message",
      thread_id: "t1",
      content: true,
    },
    errors: [
      {
        type: "string_type",
        loc: ["content"],
        msg: "Input should be a valid string",
      },
    ],
  },
  {
    rule: "literal: a value not listed is literal_error",
    what: "command",
    input: {
      type: "set_thread_mode",
      thread_id: "t1",
      mode: "view",
    },
    errors: [
      {
        type: "literal_error",
        loc: ["mode"],
        msg: "Input should be 'edit' or 'suggest'",
        ctx: {
          expected: "'edit' or 'suggest'",
        },
      },
    ],
  },
  {
    rule: "literal: a missing value is missing",
    what: "command",
    input: {
      type: "set_thread_mode",
      thread_id: "t1",
    },
    errors: [
      {
        type: "missing",
        loc: ["mode"],
        msg: "Field required",
      },
    ],
  },
  {
    rule: "literal: null is literal_error",
    what: "command",
    input: {
      type: "set_thread_mode",
      thread_id: "t1",
      mode: null,
    },
    errors: [
      {
        type: "literal_error",
        loc: ["mode"],
        msg: "Input should be 'edit' or 'suggest'",
        ctx: {
          expected: "'edit' or 'suggest'",
        },
      },
    ],
  },
  {
    rule: "literal of three",
    what: "fact",
    input: {
      type: "run_started",
      run_id: "r1",
      thread_id: "t1",
      trigger: "cron",
    },
    errors: [
      {
        type: "literal_error",
        loc: ["trigger"],
        msg: "Input should be 'message', 'resume' or 'api'",
        ctx: {
          expected: "'message', 'resume' or 'api'",
        },
      },
    ],
  },
  {
    rule: "a missing field is missing, with the object as input",
    what: "command",
    input: {
      type: "post_message",
      thread_id: "t1",
    },
    errors: [
      {
        type: "missing",
        loc: ["content"],
        msg: "Field required",
      },
    ],
  },
  {
    rule: "tuple: a string is tuple_type",
    what: "command",
    input: {
      type: "set_focus",
      thread_id: "t1",
      artifact_ids: "n1",
    },
    errors: [
      {
        type: "tuple_type",
        loc: ["artifact_ids"],
        msg: "Input should be a valid tuple",
      },
    ],
  },
  {
    rule: "tuple: an object is tuple_type",
    what: "command",
    input: {
      type: "set_focus",
      thread_id: "t1",
      artifact_ids: {
        n1: true,
      },
    },
    errors: [
      {
        type: "tuple_type",
        loc: ["artifact_ids"],
        msg: "Input should be a valid tuple",
      },
    ],
  },
  {
    rule: "tuple: wrong items are named by index",
    what: "command",
    input: {
      type: "set_focus",
      thread_id: "t1",
      artifact_ids: ["n1", 5, null],
    },
    errors: [
      {
        type: "string_type",
        loc: ["artifact_ids", 1],
        msg: "Input should be a valid string",
      },
      {
        type: "string_type",
        loc: ["artifact_ids", 2],
        msg: "Input should be a valid string",
      },
    ],
  },
  {
    rule: "tuple: empty below its minimum is too_short",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: {
        kind: "text_edits",
        edits: [],
      },
    },
    errors: [
      {
        type: "too_short",
        loc: ["patch", "edits"],
        msg: "Tuple should have at least 1 item after validation, not 0",
        ctx: {
          field_type: "Tuple",
          min_length: 1,
          actual_length: 0,
        },
      },
    ],
  },
  {
    rule: "tuple: items that fail do not count towards the minimum",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: {
        kind: "text_edits",
        edits: [5],
      },
    },
    errors: [
      {
        type: "model_type",
        loc: ["patch", "edits", 0],
        msg: "Input should be a valid dictionary or instance of TextEdit",
        ctx: {
          class_name: "TextEdit",
        },
      },
      {
        type: "too_short",
        loc: ["patch", "edits"],
        msg: "Tuple should have at least 1 item after validation, not 0",
        ctx: {
          field_type: "Tuple",
          min_length: 1,
          actual_length: 0,
        },
      },
    ],
  },
  {
    rule: "tuple: a string where edits go is tuple_type only",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: {
        kind: "text_edits",
        edits: "",
      },
    },
    errors: [
      {
        type: "tuple_type",
        loc: ["patch", "edits"],
        msg: "Input should be a valid tuple",
      },
    ],
  },
  {
    rule: "tuple of models in a fact",
    what: "fact",
    input: {
      type: "run_paused",
      run_id: "r1",
      thread_id: "t1",
      requests: [{}],
    },
    errors: [
      {
        type: "missing",
        loc: ["requests", 0, "tool_call_id"],
        msg: "Field required",
      },
      {
        type: "missing",
        loc: ["requests", 0, "tool_name"],
        msg: "Field required",
      },
      {
        type: "missing",
        loc: ["requests", 0, "kind"],
        msg: "Field required",
      },
      {
        type: "too_short",
        loc: ["requests"],
        msg: "Tuple should have at least 1 item after validation, not 0",
        ctx: {
          field_type: "Tuple",
          min_length: 1,
          actual_length: 0,
        },
      },
    ],
  },
  {
    rule: "model: a non-object is model_type naming the class",
    what: "fact",
    input: {
      type: "run_ended",
      run_id: "r1",
      thread_id: "t1",
      status: "completed",
      usage: "lots",
    },
    errors: [
      {
        type: "model_type",
        loc: ["usage"],
        msg: "Input should be a valid dictionary or instance of RunUsage",
        ctx: {
          class_name: "RunUsage",
        },
      },
    ],
  },
  {
    rule: "model: a text edit that is not an object",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
          "c",
        ],
      },
    },
    errors: [
      {
        type: "model_type",
        loc: ["patch", "edits", 1],
        msg: "Input should be a valid dictionary or instance of TextEdit",
        ctx: {
          class_name: "TextEdit",
        },
      },
    ],
  },
  {
    rule: "dict: a non-object is dict_type",
    what: "command",
    input: {
      type: "create_artifact",
      kind: "note",
      data: [],
    },
    errors: [
      {
        type: "dict_type",
        loc: ["data"],
        msg: "Input should be a valid dictionary",
      },
    ],
  },
  {
    rule: "dict: a JSON Patch operation that is not an object",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: {
        kind: "json_patch",
        ops: ["add"],
      },
    },
    errors: [
      {
        type: "dict_type",
        loc: ["patch", "ops", 0],
        msg: "Input should be a valid dictionary",
      },
    ],
  },
  {
    rule: "dict: a JSON Patch operation of any shape parses",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: {
        kind: "json_patch",
        ops: [
          {
            op: "jump",
            how: "high",
          },
        ],
      },
    },
    value: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: {
        kind: "json_patch",
        ops: [
          {
            op: "jump",
            how: "high",
          },
        ],
      },
      summary: null,
      thread_id: null,
      proposal_id: "prp_generated",
    },
  },
  {
    rule: "union: a missing tag is union_tag_not_found at the union",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: {
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
    },
    errors: [
      {
        type: "union_tag_not_found",
        loc: ["patch"],
        msg: "Unable to extract tag using discriminator 'kind'",
        ctx: {
          discriminator: "'kind'",
        },
      },
    ],
  },
  {
    rule: "union: an unknown tag is union_tag_invalid at the union",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: {
        kind: "diff",
      },
    },
    errors: [
      {
        type: "union_tag_invalid",
        loc: ["patch"],
        msg: "Input tag 'diff' found using 'kind' does not match any of the expected tags: 'json_patch', 'text_edits'",
        ctx: {
          discriminator: "'kind'",
          tag: "diff",
          expected_tags: "'json_patch', 'text_edits'",
        },
      },
    ],
  },
  {
    rule: "union: a tag that is not a string",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: {
        kind: null,
      },
    },
    errors: [
      {
        type: "union_tag_invalid",
        loc: ["patch"],
        msg: "Input tag 'None' found using 'kind' does not match any of the expected tags: 'json_patch', 'text_edits'",
        ctx: {
          discriminator: "'kind'",
          tag: "None",
          expected_tags: "'json_patch', 'text_edits'",
        },
      },
    ],
  },
  {
    rule: "union: a non-object is model_attributes_type",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: "replace the title",
    },
    errors: [
      {
        type: "model_attributes_type",
        loc: ["patch"],
        msg: "Input should be a valid dictionary or object to extract fields from",
      },
    ],
  },
  {
    rule: "union: the command itself",
    what: "command",
    input: {
      type: "rename_artifact",
    },
    errors: [
      {
        type: "union_tag_invalid",
        loc: [],
        ctx: {
          discriminator: "'type'",
          tag: "rename_artifact",
        },
      },
    ],
    extension: "the expected tags name our commands too",
  },
  {
    rule: "union: a command without a type",
    what: "command",
    input: {
      artifact_id: "n1",
    },
    errors: [
      {
        type: "union_tag_not_found",
        loc: [],
        msg: "Unable to extract tag using discriminator 'type'",
        ctx: {
          discriminator: "'type'",
        },
      },
    ],
  },
  {
    rule: "union: not an object at all",
    what: "command",
    input: ["create_thread"],
    errors: [
      {
        type: "model_attributes_type",
        loc: [],
        msg: "Input should be a valid dictionary or object to extract fields from",
      },
    ],
  },
  {
    rule: "union: a change of the wrong type",
    what: "command",
    input: {
      type: "propose_change",
      change: {
        type: "create_thread",
      },
    },
    errors: [
      {
        type: "union_tag_invalid",
        loc: ["change"],
        msg: "Input tag 'create_thread' found using 'type' does not match any of the expected tags: 'create_artifact', 'edit_artifact', 'archive_artifact'",
        ctx: {
          discriminator: "'type'",
          tag: "create_thread",
          expected_tags: "'create_artifact', 'edit_artifact', 'archive_artifact'",
        },
      },
    ],
  },
  {
    rule: "union: a feedback target of an unknown kind",
    what: "command",
    input: {
      type: "give_feedback",
      feedback_type: "helpfulness",
      target: {
        kind: "workspace",
      },
    },
    errors: [
      {
        type: "union_tag_invalid",
        loc: ["target"],
        msg: "Input tag 'workspace' found using 'kind' does not match any of the expected tags: 'artifact', 'thread', 'turn', 'message'",
        ctx: {
          discriminator: "'kind'",
          tag: "workspace",
          expected_tags: "'artifact', 'thread', 'turn', 'message'",
        },
      },
    ],
  },
  {
    rule: "union: a fact of an unknown type",
    what: "fact",
    input: {
      type: "run_resumed",
    },
    errors: [
      {
        type: "union_tag_invalid",
        loc: [],
        msg: "Input tag 'run_resumed' found using 'type' does not match any of the expected tags: 'run_started', 'tool_called', 'tool_returned', 'run_paused', 'run_ended', 'app_event'",
        ctx: {
          discriminator: "'type'",
          tag: "run_resumed",
          expected_tags:
            "'run_started', 'tool_called', 'tool_returned', 'run_paused', 'run_ended', 'app_event'",
        },
      },
    ],
  },
  {
    rule: "union: an actor of an unknown kind",
    what: "actor",
    input: {
      kind: "robot",
    },
    errors: [
      {
        type: "union_tag_invalid",
        loc: [],
        msg: "Input tag 'robot' found using 'kind' does not match any of the expected tags: 'user', 'agent', 'external_agent', 'system', 'evaluator'",
        ctx: {
          discriminator: "'kind'",
          tag: "robot",
          expected_tags: "'user', 'agent', 'external_agent', 'system', 'evaluator'",
        },
      },
    ],
  },
  {
    rule: "union: an actor without a kind",
    what: "actor",
    input: {
      id: "alice",
    },
    errors: [
      {
        type: "union_tag_not_found",
        loc: [],
        msg: "Unable to extract tag using discriminator 'kind'",
        ctx: {
          discriminator: "'kind'",
        },
      },
    ],
  },
  {
    rule: "a member's errors are at its fields, without the tag",
    what: "command",
    input: {
      type: "propose_change",
      change: {
        type: "edit_artifact",
        artifact_id: "n1",
        base_version: "x",
        patch: {
          kind: "text_edits",
          edits: [
            {
              old: 1,
              "new": "b",
            },
          ],
        },
      },
    },
    errors: [
      {
        type: "int_parsing",
        loc: ["change", "base_version"],
        msg: "Input should be a valid integer, unable to parse string as an integer",
      },
      {
        type: "string_type",
        loc: ["change", "patch", "edits", 0, "old"],
        msg: "Input should be a valid string",
      },
      {
        type: "too_short",
        loc: ["change", "patch", "edits"],
        msg: "Tuple should have at least 1 item after validation, not 0",
        ctx: {
          field_type: "Tuple",
          min_length: 1,
          actual_length: 0,
        },
      },
    ],
  },
  {
    rule: "extra fields: extra_forbidden, after the fields' own errors",
    what: "command",
    input: {
      zzz: 1,
      type: "post_message",
      thread_id: 5,
      content: "x",
      urgent: true,
    },
    errors: [
      {
        type: "string_type",
        loc: ["thread_id"],
        msg: "Input should be a valid string",
      },
      {
        type: "extra_forbidden",
        loc: ["zzz"],
        msg: "Extra inputs are not permitted",
      },
      {
        type: "extra_forbidden",
        loc: ["urgent"],
        msg: "Extra inputs are not permitted",
      },
    ],
  },
  {
    rule: "extra fields of a patch are ignored",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
            why: "x",
          },
        ],
        note: 1,
      },
    },
    value: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 1,
      patch: {
        kind: "text_edits",
        field: "text",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      summary: null,
      thread_id: null,
      proposal_id: "prp_generated",
    },
  },
  {
    rule: "extra fields of an actor are ignored",
    what: "actor",
    input: {
      kind: "user",
      id: "alice",
      team: "x",
    },
    value: {
      kind: "user",
      id: "alice",
      name: null,
    },
  },
  {
    rule: "string length",
    what: "command",
    input: {
      type: "post_message",
      thread_id: "t1",
      content: "",
    },
    errors: [
      {
        type: "string_too_short",
        loc: ["content"],
        msg: "String should have at least 1 character",
        ctx: {
          min_length: 1,
        },
      },
    ],
  },
  {
    rule: "pattern",
    what: "fact",
    input: {
      type: "run_started",
      run_id: "r1",
      thread_id: "t1",
      trace_id: "NOT-HEX",
    },
    errors: [
      {
        type: "string_pattern_mismatch",
        loc: ["trace_id"],
        msg: "String should match pattern '^[0-9a-f]{32}$'",
        ctx: {
          pattern: "^[0-9a-f]{32}$",
        },
      },
    ],
  },
  {
    rule: "int: a byte-order mark is not white space, so it is not stripped",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: "\ufeff2",
    },
    errors: [
      {
        type: "int_parsing",
        loc: ["base_version"],
        msg: "Input should be a valid integer, unable to parse string as an integer",
      },
    ],
  },
  {
    rule: "int: Unicode white space around the digits (U+0085, U+2028) is stripped",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: "\u00852\u2028",
    },
    value: {
      type: "edit_artifact",
      artifact_id: "n1",
      base_version: 2,
      patch: {
        kind: "text_edits",
        field: "text",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      summary: null,
      thread_id: null,
      proposal_id: "prp_generated",
    },
  },
  {
    rule: "float: a byte-order mark is not white space, so it is not stripped",
    what: "accuracy",
    input: {
      correct: true,
      confidence: "\ufeff0.5",
    },
    errors: [
      {
        type: "float_parsing",
        loc: ["confidence"],
        msg: "Input should be a valid number, unable to parse string as a number",
      },
    ],
  },
  {
    rule: "float: Unicode white space around the number (U+0085) is stripped",
    what: "accuracy",
    input: {
      correct: true,
      confidence: "\u00850.5\u0085",
    },
    value: {
      correct: true,
      verdict: "right",
      tone: "formal",
      confidence: 0.5,
    },
  },
  {
    rule: "float: underscores are removed only from a string without surrounding white space",
    what: "accuracy",
    input: {
      correct: true,
      confidence: " 0_1",
    },
    errors: [
      {
        type: "float_parsing",
        loc: ["confidence"],
        msg: "Input should be a valid number, unable to parse string as a number",
      },
    ],
  },
  {
    rule: "float: underscores between digits are removed",
    what: "accuracy",
    input: {
      correct: true,
      confidence: "0_1",
    },
    value: {
      correct: true,
      verdict: "right",
      tone: "formal",
      confidence: 1.0,
    },
  },
  {
    rule: "float: a string too large for a double is infinite, so it fails the upper bound",
    what: "accuracy",
    input: {
      correct: true,
      confidence: "1e400",
    },
    errors: [
      {
        type: "less_than_equal",
        loc: ["confidence"],
        msg: "Input should be less than or equal to 1",
        ctx: {
          le: 1,
        },
      },
    ],
  },
  {
    rule: "float: a negative one too large fails the lower bound",
    what: "accuracy",
    input: {
      correct: true,
      confidence: "-1e400",
    },
    errors: [
      {
        type: "greater_than_equal",
        loc: ["confidence"],
        msg: "Input should be greater than or equal to 0",
        ctx: {
          ge: 0,
        },
      },
    ],
  },
  {
    rule: "float: inf fails the upper bound",
    what: "accuracy",
    input: {
      correct: true,
      confidence: "inf",
    },
    errors: [
      {
        type: "less_than_equal",
        loc: ["confidence"],
        msg: "Input should be less than or equal to 1",
        ctx: {
          le: 1,
        },
      },
    ],
  },
  {
    rule: "float: -Infinity fails the lower bound",
    what: "accuracy",
    input: {
      correct: true,
      confidence: "-Infinity",
    },
    errors: [
      {
        type: "greater_than_equal",
        loc: ["confidence"],
        msg: "Input should be greater than or equal to 0",
        ctx: {
          ge: 0,
        },
      },
    ],
  },
  {
    rule: "float: nan fails the first bound checked (le)",
    what: "accuracy",
    input: {
      correct: true,
      confidence: "nan",
    },
    errors: [
      {
        type: "less_than_equal",
        loc: ["confidence"],
        msg: "Input should be less than or equal to 1",
        ctx: {
          le: 1,
        },
      },
    ],
  },
  {
    rule: "float: a number too large for a double (1e400 in JSON) fails the upper bound",
    what: "accuracy",
    input: {
      correct: true,
      confidence: Number.POSITIVE_INFINITY,
    },
    errors: [
      {
        type: "less_than_equal",
        loc: ["confidence"],
        msg: "Input should be less than or equal to 1",
        ctx: {
          le: 1,
        },
      },
    ],
  },
  {
    rule: "int: zeros before a sign are int_parsing (the original reads -1)",
    what: "command",
    input: {
      type: "edit_artifact",
      artifact_id: "n1",
      patch: {
        kind: "text_edits",
        edits: [
          {
            old: "a",
            "new": "b",
          },
        ],
      },
      base_version: "0-1",
    },
    errors: [
      {
        type: "int_parsing",
        loc: ["base_version"],
        msg: "Input should be a valid integer, unable to parse string as an integer",
      },
    ],
    deviation:
      "the original answers greater_than_equal: pydantic-core strips leading zeros before the sign and reads -1, which Python's int() and JSON both refuse",
  },
];
