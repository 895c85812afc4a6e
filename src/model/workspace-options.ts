import { z } from "zod";
import { type AccessWidening, AccessWideningSchema } from "./access.ts";
import { WorkspaceError } from "./errors.ts";
import { isId } from "./ids.ts";
import { DEFAULT_LIMITS, type Limits, MAX_DEPTH_CAP } from "./limits.ts";

const LimitsOptionSchema = z
  .strictObject({
    maxDepth: z.number().int().min(1).max(MAX_DEPTH_CAP).optional(),
    maxBytes: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .optional();

const HOW = {
  maxDepth: `an integer from 1 to ${MAX_DEPTH_CAP}`,
  maxBytes: "a positive integer",
} as const;

/**
 * The `limits` option of a workspace, its defaults filled in: `maxDepth` an integer from 1 to
 * {@link MAX_DEPTH_CAP} (default 64), `maxBytes` a positive integer (default 4 MiB); a key left
 * out or `undefined` keeps its default. Anything else would turn a check off or let through
 * input some parser or store cannot take, so it is refused when the workspace is created.
 *
 * @throws WorkspaceError `invalid_argument` naming the option and what it must be.
 */
export function limitsOption(option: unknown): Limits {
  const parsed = LimitsOptionSchema.safeParse(option);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const [key] = issue?.path ?? [];
    const what =
      key === "maxDepth" || key === "maxBytes"
        ? `limits.${key} must be ${HOW[key]}`
        : issue?.code === "unrecognized_keys"
          ? `limits has an unknown key (${issue.keys.join(", ")}); it takes maxDepth and maxBytes`
          : "limits must be an object with maxDepth and maxBytes";
    throw new WorkspaceError("invalid_argument", `createWorkspace: ${what}`);
  }
  const { maxDepth = DEFAULT_LIMITS.maxDepth, maxBytes = DEFAULT_LIMITS.maxBytes } =
    parsed.data ?? {};
  return Object.freeze({ maxDepth, maxBytes });
}

/**
 * The `id` option of a workspace (default `"default"`), held to the rules of every other id
 * (1 to 256 UTF-16 units; no control characters, line or paragraph separators or format
 * characters; no unpaired surrogates), so every store can key a log by it and keep it apart
 * from every other.
 *
 * @throws WorkspaceError `invalid_argument` for an id outside those rules.
 */
export function workspaceIdOption(option: unknown): string {
  if (option === undefined) return "default";
  if (isId(option)) return option;
  throw new WorkspaceError(
    "invalid_argument",
    "createWorkspace: id must be 1 to 256 characters, without control characters, line or paragraph separators, format characters or unpaired surrogates",
  );
}

/**
 * The `widen` option of a workspace (default none): each entry a named actor and the command
 * and fact types it may also send, parsed so that a typo widens nothing silently.
 *
 * @throws WorkspaceError `invalid_argument` naming the entry and what is wrong with it.
 */
export function widenOption(option: unknown): readonly AccessWidening[] {
  if (option === undefined) return [];
  const parsed = z.array(AccessWideningSchema).readonly().safeParse(option);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const at = (issue?.path ?? []).map(String).join(".");
  throw new WorkspaceError(
    "invalid_argument",
    `createWorkspace: widen${at === "" ? "" : `.${at}`}: ${issue?.message ?? "invalid"}`,
  );
}
