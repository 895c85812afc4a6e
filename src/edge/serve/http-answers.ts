import type { ErrorFrame } from "../../model/protocol.ts";
import type { Rejection } from "../../model/rejections.ts";
import { errorFrame } from "../../protocol/frames.ts";
import { statusOf } from "../../protocol/status.ts";
import { faultOf, faultStatus } from "./faults.ts";

const JSON_TYPE = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
};

/** A JSON answer. */
export function jsonAnswer(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_TYPE, ...headers } });
}

/** A refusal: its status and an `error` frame as the body. */
export function errorAnswer(
  status: number,
  body: ErrorFrame,
  headers: Record<string, string> = {},
): Response {
  return jsonAnswer(body, status, headers);
}

/** A request refused with a rejection: the status the rejection maps to, and the rejection. */
export function rejectionAnswer(rejection: Rejection, status = statusOf(rejection)): Response {
  return errorAnswer(status, errorFrame(rejection.message, rejection));
}

/** An `error` frame `faultOf` made, at its status; one worth retrying says when (503). */
export function faultFrameAnswer(frame: ErrorFrame): Response {
  const status = faultStatus(frame);
  return errorAnswer(status, frame, status === 503 ? { "retry-after": "1" } : {});
}

/** A failure on the server, typed (see `faultOf`): never an untyped 500 for a store fault. */
export function faultAnswer(error: unknown): Response {
  return faultFrameAnswer(faultOf(error));
}
