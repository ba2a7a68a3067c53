/** Envelope codes (docs/api.md). Handled outcomes travel as HTTP 200 with one of these. */
export const ResultCode = {
  ok: 200,
  badInput: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  /** The server is shedding load: refused before any work, with Retry-After; the same call may simply be sent again later. */
  overloaded: 503,
  /** A rule refusal the calling screen shows itself (no global toast). */
  refusal: 555,
  unexpected: 500,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];
