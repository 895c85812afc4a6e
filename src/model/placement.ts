import { z } from "zod";

/**
 * Where a thread works, as a launch request asks for it: the project root itself (`root`,
 * shared with everyone else), a new git worktree on a new branch (`new_worktree`), or a
 * worktree that is already registered for the repository (`existing_worktree`). Outside
 * input: parse it with this schema.
 */
export const PlacementSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("root") }),
  z.strictObject({
    type: z.literal("new_worktree"),
    base_ref: z.string().min(1),
    from_origin: z.boolean().default(false),
    branch: z.string().min(1).optional(),
  }),
  z.strictObject({
    type: z.literal("existing_worktree"),
    path: z.string().min(1),
    branch: z.string().min(1).optional(),
  }),
]);
/** A parsed placement (defaults applied). Switch on `type`. */
export type Placement = z.infer<typeof PlacementSchema>;

/** Whether a checkout belongs to one thread (`isolated`) or is shared with others (`shared`). */
export type CheckoutMode = "isolated" | "shared";
