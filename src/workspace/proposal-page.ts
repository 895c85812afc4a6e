import { isId } from "../model/ids.ts";
import { type Page, type PageRequest, pageLimit } from "../model/pages.ts";
import type { Proposal } from "../model/proposals.ts";
import type { ProposalFilter, Store } from "../stores/port.ts";
import { listPage } from "./list-page.ts";

/**
 * A page of a workspace's proposals, read by the store's index. A filter or cursor no command
 * could have made (not an id) names nothing: an empty last page, on every store.
 *
 * @throws WorkspaceError `invalid_argument` when `limit` is not a whole number from 1 to 1,000.
 */
export async function proposalPage(
  store: Store,
  workspaceId: string,
  request: ProposalFilter & PageRequest,
): Promise<Page<Proposal>> {
  const limit = pageLimit(request.limit, "proposalPage: limit");
  const { status, artifactId, after } = request;
  const named = [status, artifactId, after].every((key) => key === undefined || isId(key));
  if (!named) return { items: [], next: null };
  const filter = {
    ...(status === undefined ? {} : { status }),
    ...(artifactId === undefined ? {} : { artifactId }),
  };
  const id = (proposal: Proposal) => proposal.id;
  return listPage(
    { read: (at) => store.proposals(workspaceId, { ...filter, ...at }), placeOf: id, cursorOf: id },
    after,
    limit,
  );
}
