import type {
  AcceptChosenRequest,
  AcceptEditedAnswer,
  AcceptEditedRequest,
  EditDocument,
  OfferCardEntry,
  PageAnswer,
  ReviewInfo,
  StartAnswer,
  StartRequest,
} from "../serve/review/page-api.ts";

/** The page's own routes (`/review/…`), beside the protocol's client. */
export interface ReviewClient {
  info(): Promise<ReviewInfo>;
  offers(): Promise<OfferCardEntry[]>;
  document(proposalId: string): Promise<PageAnswer<{ readonly document: EditDocument }>>;
  acceptEdited(
    proposalId: string,
    request: AcceptEditedRequest,
  ): Promise<PageAnswer<AcceptEditedAnswer>>;
  acceptChosen(
    proposalId: string,
    request: AcceptChosenRequest,
  ): Promise<PageAnswer<AcceptEditedAnswer>>;
  start(request: StartRequest): Promise<PageAnswer<StartAnswer>>;
}

/** What went wrong talking to the server (not a refusal: those are answers). */
class PageRequestError extends Error {
  /** The HTTP status, or `null` when no answer came. */
  readonly status: number | null;

  /** Makes the error for a request that got `status` (or none). */
  constructor(message: string, status: number | null) {
    super(message);
    this.name = "PageRequestError";
    this.status = status;
  }
}

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { "content-type": "application/json" } });
  } catch (error) {
    throw new PageRequestError(`the server could not be reached: ${String(error)}`, null);
  }
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  if (!response.ok) {
    const why = typeof body?.message === "string" ? body.message : response.statusText;
    throw new PageRequestError(`the server answered ${response.status}: ${why}`, response.status);
  }
  return body as T;
}

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

/** The page's routes under `base` (the page's own address). */
export function reviewClient(base: string): ReviewClient {
  const at = (path: string): string => new URL(`review/${path}`, base).href;
  const id = encodeURIComponent;
  return {
    info: () => call(at("info")),
    offers: () => call(at("offers")),
    document: (proposalId) => call(at(`proposals/${id(proposalId)}/document`)),
    acceptEdited: (proposalId, request) =>
      call(at(`proposals/${id(proposalId)}/accept`), post(request)),
    acceptChosen: (proposalId, request) =>
      call(at(`proposals/${id(proposalId)}/choose`), post(request)),
    start: (request) => call(at("offers/start"), post(request)),
  };
}
