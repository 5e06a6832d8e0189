import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The same INCR-and-expire script as @fastify/rate-limit's own Redis store (fixed windows, no backoff). */
const INCREMENT = `
  local current = redis.call('INCR', KEYS[1])
  local ttl = tonumber(ARGV[1])
  if current == 1 then
    redis.call('PEXPIRE', KEYS[1], ttl)
  else
    ttl = redis.call('PTTL', KEYS[1])
    if ttl < 0 then
      redis.call('PEXPIRE', KEYS[1], ARGV[1])
      ttl = tonumber(ARGV[1])
    end
  end
  return {current, ttl}
`;

/** Keys the per-instance fallback remembers at most; past that, the oldest windows are forgotten first. */
const LOCAL_KEYS_MAX = 20_000;

/** Fixed windows in this process's memory: the fallback while the shared store cannot be reached. */
class LocalWindows {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  increment(key: string, timeWindow: number): { current: number; ttl: number } {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.delete(key);
      window = { count: 0, endsAt: now + timeWindow };
      if (this.windows.size >= LOCAL_KEYS_MAX) {
        const oldest = this.windows.keys().next();
        if (!oldest.done) this.windows.delete(oldest.value);
      }
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }
}

export interface FallbackState {
  /** Called with true when counting moves to this instance's memory, false when the shared store answers again. */
  onFallback: (active: boolean, error?: Error) => void;
}

/**
 * A rate-limit store that counts in Redis, shared by every instance, and in this process's memory whenever Redis
 * cannot be reached (not connected, or a command fails or times out). Before, the plugin's `skipOnError` turned a
 * Redis failure into "no limit at all": with Redis down, 7 failed log-ins in a row got no 429. Now the limit holds
 * per instance (each instance allows up to the limit, so N instances allow up to N times it) until Redis is back.
 */
export function sharedLimitStore(redis: Redis, nameSpace: string, state: FallbackState) {
  redis.defineCommand('forkfulRateLimit', { numberOfKeys: 1, lua: INCREMENT });
  const local = new LocalWindows();
  let fallback = false;
  const setFallback = (active: boolean, error?: Error) => {
    if (active === fallback) return;
    fallback = active;
    state.onFallback(active, error);
  };
  redis.on('ready', () => setFallback(false));
  redis.on('close', () => setFallback(true));

  const storeFor = (prefix: string): FastifyRateLimitStore => ({
    incr(key: string, callback: Callback, timeWindow: number) {
      const fullKey = `${nameSpace}${prefix}${key}`;
      if (redis.status !== 'ready') {
        setFallback(true);
        callback(null, local.increment(fullKey, timeWindow));
        return;
      }
      const command = (redis as unknown as Record<string, (...args: unknown[]) => Promise<[number, number]>>)
        .forkfulRateLimit;
      command!.call(redis, fullKey, timeWindow).then(
        ([current, ttl]) => {
          setFallback(false);
          callback(null, { current, ttl });
        },
        (error: Error) => {
          setFallback(true, error);
          callback(null, local.increment(fullKey, timeWindow));
        },
      );
    },
    child(routeOptions) {
      const info = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return storeFor(info?.method && info.url ? `${prefix}${info.method}${info.url}-` : prefix);
    },
  });

  // The plugin builds its store with `new`; a constructor that returns an object yields that object.
  return function SharedLimitStore() {
    return storeFor('');
  } as unknown as new () => FastifyRateLimitStore;
}
