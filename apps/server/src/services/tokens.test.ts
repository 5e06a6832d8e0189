import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens.js';

const SECRET = 'a-test-access-token-secret-of-at-least-32-chars';
const claims = { userId: '7d1f3c9e-2b4a-4c8e-9f10-0a1b2c3d4e5f', sessionId: '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b' };

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('accepts a token it signed, again and again', async () => {
    const tokens = new TokenService(SECRET, 900);
    const token = await tokens.signAccess(claims);
    for (let i = 0; i < 3; i++) expect(await tokens.verifyAccess(token)).toEqual({ ok: true, claims });
  });

  it('refuses a changed or foreign token even after the genuine one was accepted', async () => {
    const tokens = new TokenService(SECRET, 900);
    const token = await tokens.signAccess(claims);
    expect((await tokens.verifyAccess(token)).ok).toBe(true);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    forged.sub = '11111111-2222-4333-8444-555555555555';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    expect(await tokens.verifyAccess(tampered)).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.verifyAccess(`${token}x`)).toEqual({ ok: false, reason: 'invalid' });
    const other = await new TokenService(`${SECRET}-other`, 900).signAccess(claims);
    expect(await tokens.verifyAccess(other)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('reports a remembered token expired once its time is up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T22:00:00.000Z'));
    const tokens = new TokenService(SECRET, 60);
    const token = await tokens.signAccess(claims);
    expect((await tokens.verifyAccess(token)).ok).toBe(true);
    vi.setSystemTime(new Date('2026-11-21T22:00:59.999Z'));
    expect((await tokens.verifyAccess(token)).ok).toBe(true);
    vi.setSystemTime(new Date('2026-11-21T22:01:00.000Z'));
    expect(await tokens.verifyAccess(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await tokens.verifyAccess(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('does not share one claims object between requests', async () => {
    const tokens = new TokenService(SECRET, 900);
    const token = await tokens.signAccess(claims);
    const first = await tokens.verifyAccess(token);
    if (first.ok) first.claims.userId = 'changed';
    expect(await tokens.verifyAccess(token)).toEqual({ ok: true, claims });
  });
});
