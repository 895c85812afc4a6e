// `agent-workspace/openai-agents`: the workspace's tools for the OpenAI Agents SDK (strict
// function tools), and its approvals and questions as durable decisions — a paused run keeps
// the SDK's RunState, so any process resumes it once a person answered.

export type {
  AnyOpenAiAgent,
  OpenAiAgentResumeOptions,
  OpenAiAgentRunOptions,
  OpenAiAgentStep,
  OpenAiAgentsTool,
  OpenAiAgentsToolParameters,
  OpenAiAgentsToolsOptions,
} from "../edge/adapters/openai-agents/api.ts";
export { resumeOpenAiAgent } from "../edge/adapters/openai-agents/resume.ts";
export { runOpenAiAgent } from "../edge/adapters/openai-agents/run.ts";
export { openAiAgentsTools } from "../edge/adapters/openai-agents/tools.ts";
