// The artifact types of the framework examples, as a module whose default export is a
// registry (what `agent-workspace-mcp --registry` and the CLI load).

import { createRegistry, defineArtifactType } from "agent-workspace";
import { z } from "zod";

/** A plan the agent may only propose changes to. */
export const plan = defineArtifactType({
  kind: "plan",
  description: "The release plan, in plain text; a person approves every change.",
  schema: z.strictObject({ text: z.string() }),
  writePolicy: "propose",
});

export default createRegistry({ artifactTypes: [plan] });
