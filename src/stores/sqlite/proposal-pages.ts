import type { Database, Statement } from "better-sqlite3";
import type { PageAt, ProposalFilter } from "../port.ts";
import type { ProposalRow } from "./rows.ts";

const COLUMNS = "id, v, record, status, artifact_id";
// A page is a range of the rowid (the order proposals were made), read through the index of
// its filter: SQLite ends every index with the rowid, so the range starts where the page does.
const page = (where: string) =>
  `SELECT ${COLUMNS} FROM proposals WHERE workspace_id = ?${where} AND rowid > ?
    ORDER BY rowid LIMIT ?`;

/** The statements of proposal pages, by filter (a test holds each to its query plan). */
export const PAGE_SQL = {
  place: "SELECT rowid AS place FROM proposals WHERE workspace_id = ? AND id = ?",
  all: page(""),
  byStatus: page(" AND status = ?"),
  byArtifact: page(" AND artifact_id = ?"),
  byBoth: page(" AND artifact_id = ? AND status = ?"),
} as const;

type Ws = string;
type Place = number | bigint;
interface PageStatements {
  readonly place: Statement<[Ws, string], { place: Place }>;
  readonly all: Statement<[Ws, Place, number], ProposalRow>;
  readonly byStatus: Statement<[Ws, string, Place, number], ProposalRow>;
  readonly byArtifact: Statement<[Ws, string, Place, number], ProposalRow>;
  readonly byBoth: Statement<[Ws, string, string, Place, number], ProposalRow>;
}

/**
 * The rows of a page of proposals on one connection: a lookup of where `after` was made,
 * then a range of the filter's index from there. An `after` never made reads nothing.
 */
export function proposalPages(
  db: Database,
): (ws: string, filter: ProposalFilter & PageAt) => ProposalRow[] {
  const s = Object.fromEntries(
    Object.entries(PAGE_SQL).map(([name, source]) => [name, db.prepare(source)]),
  ) as unknown as PageStatements;
  return (ws, { status, artifactId, after, limit }) => {
    const place = after === undefined ? 0 : s.place.get(ws, after)?.place;
    if (place === undefined) return [];
    // SQLite reads a negative limit as none.
    const most = limit ?? -1;
    if (artifactId === undefined) {
      return status === undefined
        ? s.all.all(ws, place, most)
        : s.byStatus.all(ws, status, place, most);
    }
    return status === undefined
      ? s.byArtifact.all(ws, artifactId, place, most)
      : s.byBoth.all(ws, artifactId, status, place, most);
  };
}
