import { type CommitResult, commitResult, RECORDED } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import type { FeedbackTarget, GiveFeedback } from "../model/feedback.ts";
import { invalidState, notFound, validationFailed } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { artifactIn, runIn, type State, threadIn } from "../model/state.ts";
import { toValidationErrors } from "../model/validation-errors.ts";

type Scope = { thread_id: string | null; run_id: string | null };

/** The thread and run feedback on `target` belongs to, once the target is known to exist. */
function scopeOfTarget(state: State, target: FeedbackTarget): Result<Scope> {
  switch (target.kind) {
    case "artifact": {
      const artifact = artifactIn(state, target.artifact_id);
      if (artifact === null) return refuse(notFound("artifact", target.artifact_id));
      if (target.version > artifact.version) {
        return refuse(notFound("artifact version", `${target.artifact_id} v${target.version}`));
      }
      return ok({ thread_id: null, run_id: null });
    }
    case "thread":
      if (threadIn(state, target.thread_id) === null) {
        return refuse(notFound("thread", target.thread_id));
      }
      return ok({ thread_id: target.thread_id, run_id: null });
    case "turn": {
      const run = runIn(state, target.run_id);
      if (run === null) return refuse(notFound("run", target.run_id));
      return ok({ thread_id: run.thread_id, run_id: run.id });
    }
    case "message": {
      if (threadIn(state, target.thread_id) === null) {
        return refuse(notFound("thread", target.thread_id));
      }
      if (target.run_id === null) return ok({ thread_id: target.thread_id, run_id: null });
      const run = runIn(state, target.run_id);
      if (run === null) return refuse(notFound("run", target.run_id));
      if (run.thread_id !== target.thread_id) {
        return refuse(invalidState(`run ${run.id} belongs to thread ${run.thread_id}`));
      }
      return ok({ thread_id: target.thread_id, run_id: run.id });
    }
  }
}

/**
 * Records typed feedback: the type must be registered, given on a target kind it declares,
 * with a value that validates; the target must exist. Feedback has no id: giving it again
 * records it again.
 */
export function decideGiveFeedback(
  context: DecideContext,
  state: State,
  command: GiveFeedback,
): Result<CommitResult> {
  const name = command.feedback_type;
  const type = context.registry.feedbackType(name);
  if (type === undefined) return refuse(notFound("feedback type", name));
  if (!type.targets.includes(command.target.kind)) {
    const declared = [...type.targets].sort().join(", ");
    return refuse(
      validationFailed(
        `${name} feedback is given on ${declared}, not on a ${command.target.kind}`,
        [],
      ),
    );
  }
  const value = type.schema.safeParse(command.value, { reportInput: true });
  if (!value.success) {
    return refuse(
      validationFailed(
        `invalid ${name} feedback`,
        toValidationErrors(value.error, command.value, type.schema),
      ),
    );
  }
  const scope = scopeOfTarget(state, command.target);
  if (!scope.ok) return scope;
  return ok(
    commitResult(RECORDED, {
      events: [
        {
          type: "feedback_given",
          feedback_type: name,
          target: command.target,
          value: value.data,
          ...scope.value,
        },
      ],
    }),
  );
}
