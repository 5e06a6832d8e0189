import { clientErrors } from '@forkful/contracts';

/** The one shape of failure the web sees (spec section 8): a message, an HTTP status and the reason to show. */
export interface ApiErrorShape {
  message: string;
  statusCode: number;
  reason: string;
}

export class ApiError extends Error implements ApiErrorShape {
  readonly statusCode: number;
  readonly reason: string;

  constructor({ message, statusCode, reason }: ApiErrorShape) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.reason = reason;
  }

  toJSON(): ApiErrorShape {
    return { message: this.message, statusCode: this.statusCode, reason: this.reason };
  }
}

/** How a request ended badly, as the transport observed it. */
export type Failure =
  /** The server answered with a failure status (or a body that says success: false). */
  | { kind: 'response'; status: number; body: unknown; message?: string }
  /** The request went out but nothing came back (network down, CORS, connection reset). */
  | { kind: 'no-response'; cause?: unknown }
  /** The caller cancelled the request. */
  | { kind: 'aborted'; cause?: unknown }
  /** The request could not even be built or sent. */
  | { kind: 'send-failed'; cause?: unknown };

function messageOf(cause: unknown): string {
  if (cause instanceof Error && cause.message) return cause.message;
  if (typeof cause === 'string' && cause) return cause;
  return clientErrors.defaultMessage;
}

function serverReason(body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return clientErrors.unknownReason;
}

export function normaliseError(failure: Failure): ApiError {
  switch (failure.kind) {
    case 'response':
      return new ApiError({
        message: failure.message || clientErrors.defaultMessage,
        statusCode: failure.status || 500,
        reason: serverReason(failure.body),
      });
    case 'no-response':
      return new ApiError({ message: messageOf(failure.cause), statusCode: 500, reason: clientErrors.noResponse });
    case 'aborted':
      return new ApiError({ message: messageOf(failure.cause), statusCode: 500, reason: clientErrors.aborted });
    case 'send-failed':
      return new ApiError({ message: messageOf(failure.cause), statusCode: 500, reason: clientErrors.sendFailed });
  }
}

export function isApiError(value: unknown): value is ApiErrorShape {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorShape).reason === 'string' &&
    typeof (value as ApiErrorShape).statusCode === 'number'
  );
}

/** The reason to show for anything caught: ours carry one; anything else falls back to the default message. */
export function reasonOf(error: unknown): string {
  if (isApiError(error)) return error.reason;
  return clientErrors.defaultMessage;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Redux needs plain data: thunks reject with this shape rather than the Error instance. */
export function toApiErrorShape(error: unknown): ApiErrorShape {
  if (error instanceof ApiError) return error.toJSON();
  if (isApiError(error)) return { message: error.message, statusCode: error.statusCode, reason: error.reason };
  return normaliseError({ kind: 'send-failed', cause: error }).toJSON();
}
