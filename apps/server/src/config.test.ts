import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'forkful-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('configuration', () => {
  it('has working defaults and keeps generated secrets in the data folder', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      seedDemo: true,
      cookieSecure: false,
      databaseUrl: undefined,
    });
    expect(first.accessTokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(path.join(dataDir, 'secrets', 'access-token-secret.txt'))).toBe(true);
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.accessTokenSecret).toBe(first.accessTokenSecret);
    expect(readFileSync(path.join(dataDir, 'secrets', 'refresh-token-secret.txt'), 'utf8')).toBe(
      first.refreshTokenSecret,
    );
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ SEED_DEMO: 'maybe' }, /^Invalid configuration: SEED_DEMO must be true or false/],
    [{ ACCESS_TOKEN_SECRET: 'short' }, /^Invalid configuration: ACCESS_TOKEN_SECRET must be at least 32 characters/],
  ])('stops on a bad value with one line naming the variable (%o)', (env, pattern) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: dataDir, ...env });
    } catch (error) {
      expect((error as Error).message).toMatch(pattern);
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
