/** What a request is answered while the database cannot serve it, whatever the reason. */
export const DATABASE_UNAVAILABLE = 'The service is temporarily unavailable, please try again shortly';
/** Seconds a client is asked to wait (Retry-After) before it tries again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors on the way to the database server: down, restarting, unreachable, or its name not resolvable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot take the work now, though nothing is wrong with the request: too many
 * connections (53300, also per role or database), shut down by an administrator or a failover (57P01), crashed
 * (57P02), starting up or shutting down (57P03), and a demoted primary that only reads (25006). Class 08 is every
 * connection failure.
 */
const SQLSTATES = new Set(['53300', '57P01', '57P02', '57P03', '25006']);

/** Errors that pg and pg-pool raise themselves (no code) when a connection was lost or could not be made. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end/i;

function isUnavailableHere(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    // 'database "x" is not currently accepting connections' (ALTER DATABASE … ALLOW_CONNECTIONS false). 55000
    // alone also covers real bugs (a sequence read before use), so the message decides.
    if (code === '55000' && typeof message === 'string' && /not currently accepting connections/i.test(message))
      return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.test(message);
}

/**
 * Whether an error (possibly wrapped by Drizzle as its `cause`, or an AggregateError of several connection attempts)
 * means the database is unavailable for the moment: a 503 to retry, not a bug.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  if (isUnavailableHere(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return cause !== error && isDatabaseUnavailable(cause, depth + 1);
}
