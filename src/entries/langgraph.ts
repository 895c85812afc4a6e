// `agent-workspace/langgraph`: the workspace for LangGraph JS agents — the tools as LangChain
// tools, and a node's question to the person as a blocking decision that pauses the graph
// (`interrupt()`) until someone answers it from any surface, then resumes it.
// Needs the optional peers `@langchain/core` and `@langchain/langgraph`.

export { langGraphAnswers } from "../edge/adapters/langgraph/answers.ts";
export type {
  LangGraphAnswers,
  LangGraphAnswersOptions,
  ResumableGraph,
  ResumeResult,
} from "../edge/adapters/langgraph/api.ts";
export type { AskPersonOptions } from "../edge/adapters/langgraph/ask-person.ts";
export { askPerson } from "../edge/adapters/langgraph/ask-person.ts";
export type { LangGraphQuestion, PersonPick } from "../edge/adapters/langgraph/question.ts";
export { LANGGRAPH_CHANNEL } from "../edge/adapters/langgraph/question.ts";
export { langGraphTools, toLangChainTool } from "../edge/adapters/langgraph/tools.ts";
export type { WorkspaceToolsOptions } from "../tools/api.ts";
