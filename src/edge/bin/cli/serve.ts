import type { CommandDef } from "citty";
import { pageAssets } from "../../serve/review/assets.ts";
import { person } from "./actors.ts";
import { countValue, HOST_ARGS, PERSON_ARGS, WORKSPACE_ARGS } from "./args.ts";
import { type CliContext, defineCliCommand } from "./command.ts";
import { EXIT, usage } from "./exit.ts";
import { startPageServer } from "./serve-server.ts";
import { line, shown } from "./shown.ts";

/** The port `serve` listens on when `--port` is not given. */
const DEFAULT_PORT = 4780;

/** The port `--port` names (0 for any free one). @throws CliError `usage` */
function portOf(args: Readonly<Record<string, unknown>>): number {
  const port = countValue(args, "port") ?? DEFAULT_PORT;
  if (port > 65_535) throw usage(`--port ${port}: a port is at most 65535`);
  return port;
}

/**
 * `serve --port <n>`: the review page and the live protocol on 127.0.0.1, every request as
 * the `--as` person, until interrupted (SIGINT or SIGTERM), then exit 0.
 */
export function serveCommand(cli: CliContext): CommandDef {
  return defineCliCommand(cli, {
    name: "serve",
    description:
      "Serve the review page (live: proposals with their rebased diff, conflicts, decisions, offers) and the live protocol on 127.0.0.1, as the --as person, until interrupted",
    args: {
      port: {
        type: "string",
        valueHint: "n",
        description: `The port on 127.0.0.1 (default ${DEFAULT_PORT}; 0 for any free one)`,
      },
      ...PERSON_ARGS,
      ...HOST_ARGS,
      ...WORKSPACE_ARGS,
    },
    async run({ args, session, out, io }) {
      const by = person(args.as);
      const port = portOf(args);
      const assets = pageAssets();
      const server = await startPageServer({
        workspace: session.workspace,
        person: by,
        host: session.host,
        assets,
        port,
        warn: (text) => out.warn([shown(text)]),
      });
      const stopped = io.interrupted();
      const { id } = session.workspace;
      if (out.json) out.record({ url: server.url, workspace: id, as: by.id, page: assets.from });
      else {
        out.lines([
          line`serving the review page of workspace ${id} as ${by.id} at ${server.url}`,
          line`(the page from ${assets.from}; Ctrl-C to stop)`,
        ]);
      }
      // Bundling from the sources takes a moment: start it now, not on the first visit.
      void assets.get("review.js").catch((error: unknown) => {
        out.warn([line`serve: ${error instanceof Error ? error.message : String(error)}`]);
      });
      await stopped;
      await server.close();
      return EXIT.done;
    },
  });
}
