import type { Envelope } from '@lightdesk/contract';

/** A handled outcome: the server answered with an envelope whose code is not 200. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly envelope: Envelope<unknown>,
    /** The text shown (or, for 555 and the codes a call handles, for the screen to show), already in the user's language. */
    readonly text: string,
  ) {
    super(text);
  }
  get code() {
    return this.envelope.code;
  }
}

/** No answer at all: offline, refused, timed out. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** An HTTP failure without an envelope (a proxy's 502 page, say): logged, not toasted. */
export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

export function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number' && 'data' in body;
}
