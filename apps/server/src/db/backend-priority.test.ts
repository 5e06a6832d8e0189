import net from 'node:net';
import os from 'node:os';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { BACKGROUND_NICE, lowerBackendPriority, schedulingPolicy, titleNamesConnection } from './backend-priority.js';

// The refresh's backend at the lowest CPU priority, only when it is certainly a process of this host. The test
// database runs on this machine (the local server or the embedded one), so the first case must lower it.

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()?.();
});

async function pooled(url: string): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  closers.push(() => pool.end());
  return pool;
}

describe('lowerBackendPriority', () => {
  it("lowers this host's backend, and only that connection's", async () => {
    const pool = await pooled(inject('adminDatabaseUrl'));
    const low = await pool.connect();
    const other = await pool.connect();
    const lowered = await lowerBackendPriority(low);
    const otherPid = (await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    expect(lowered).not.toBeNull();
    expect(lowered!.nice).toBe(BACKGROUND_NICE);
    expect(os.getPriority(lowered!.pid)).toBe(BACKGROUND_NICE);
    expect(os.getPriority(otherPid)).toBeLessThan(BACKGROUND_NICE);
    // SCHED_IDLE (5) on this backend where chrt can set it (util-linux, on every Debian), the other one untouched.
    expect(lowered!.policy).toBe('idle');
    expect(schedulingPolicy(lowered!.pid)).toBe(5);
    expect(schedulingPolicy(otherPid)).toBe(0);
    low.release(true);
    other.release();
  });

  it('changes nothing through a proxy (another port: a pooler, a container, another host)', async () => {
    const url = new URL(inject('adminDatabaseUrl'));
    if (!url.hostname || url.hostname.startsWith('%2F')) throw new Error('the test database is reached over TCP');
    const proxy = net.createServer((socket) => {
      const upstream = net.connect(Number(url.port || 5432), url.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => proxy.close(resolve)));
    const address = proxy.address() as net.AddressInfo;
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(address.port);
    const pool = await pooled(proxied.toString());
    const client = await pool.connect();
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    expect(await lowerBackendPriority(client)).toBeNull();
    expect(os.getPriority(pid)).toBeLessThan(BACKGROUND_NICE);
    expect(schedulingPolicy(pid)).toBe(0);
    client.release();
  });
});

describe('titleNamesConnection', () => {
  it('matches a backend by our end of the connection only', () => {
    const title = 'postgres: forkful forkful 127.0.0.1(51234) idle in transaction';
    expect(titleNamesConnection(title, 51234, 51234)).toBe(true);
    expect(titleNamesConnection(title, 51235, 51235)).toBe(false);
    expect(titleNamesConnection(title, 40000, 51234)).toBe(false);
    expect(titleNamesConnection('postgres: forkful forkful [local] idle', null, null)).toBe(true);
    expect(titleNamesConnection('postgres: forkful forkful [local] idle', 51234, null)).toBe(false);
    expect(titleNamesConnection('node server.js (51234)', 51234, 51234)).toBe(false);
  });
});
