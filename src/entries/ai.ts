// `agent-workspace/ai`: the workspace's tools for the Vercel AI SDK (7), and its tool
// approvals and `ask_person` calls as the run's deferred requests, answered by a person from
// any surface and resumed from the store in any process.

export type {
  AiGivenAnswer,
  AiPausableResult,
  AiPauseOptions,
  AiPauseResult,
  AiResumeOptions,
  AiResumeResult,
  AiToolsOptions,
  AiWaitingCall,
  AiWaitOptions,
} from "../edge/adapters/ai/api.ts";
export { pauseForPerson } from "../edge/adapters/ai/pause.ts";
export { resumeMessages } from "../edge/adapters/ai/resume.ts";
export { aiTools } from "../edge/adapters/ai/tools.ts";
export { waitForAnswers } from "../edge/adapters/ai/wait.ts";
