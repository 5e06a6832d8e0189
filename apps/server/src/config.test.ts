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

  it('stores images on local disk unless S3_BUCKET is set, and derives the S3 addresses', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).s3).toBeUndefined();
    const keys = { S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'photos', S3_REGION: 'eu-west-1', ...keys }).s3).toEqual({
      bucket: 'photos',
      region: 'eu-west-1',
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      publicUrl: 'https://photos.s3.eu-west-1.amazonaws.com',
    });
    // Another S3-compatible server: path-style by default, the public URL follows.
    expect(
      loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9000/', ...keys }).s3,
    ).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      publicUrl: 'http://127.0.0.1:9000/photos',
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        S3_BUCKET: 'photos',
        S3_PUBLIC_URL: 'https://cdn.example.com/img/',
        S3_FORCE_PATH_STYLE: 'true',
        ...keys,
      }).s3,
    ).toMatchObject({ forcePathStyle: true, publicUrl: 'https://cdn.example.com/img' });
  });

  it('reads the drain time, the metrics token and the read replica, each off by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      shutdownDrainSeconds: 0,
      metricsToken: undefined,
      databaseReadUrl: undefined,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SHUTDOWN_DRAIN_SECONDS: '3',
        METRICS_TOKEN: 'a-long-enough-token',
        DATABASE_READ_URL: 'postgresql://reader@replica:5432/forkful',
      }),
    ).toMatchObject({
      shutdownDrainSeconds: 3,
      metricsToken: 'a-long-enough-token',
      databaseReadUrl: 'postgresql://reader@replica:5432/forkful',
    });
    // Empty is unset, as for every setting (compose files write `VAR: ''`).
    expect(loadConfig({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_SECONDS: '', METRICS_TOKEN: '' })).toMatchObject({
      shutdownDrainSeconds: 0,
      metricsToken: undefined,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [
      { SHUTDOWN_DRAIN_SECONDS: 'soon' },
      /^Invalid configuration: SHUTDOWN_DRAIN_SECONDS must be a whole number from 0 to 60 \(got "soon"\)$/,
    ],
    [
      { SHUTDOWN_DRAIN_SECONDS: '61' },
      /^Invalid configuration: SHUTDOWN_DRAIN_SECONDS must be a whole number from 0 to 60 /,
    ],
    [
      { SHUTDOWN_DRAIN_SECONDS: '1.5' },
      /^Invalid configuration: SHUTDOWN_DRAIN_SECONDS must be a whole number from 0 to 60 /,
    ],
    [
      { SHUTDOWN_DRAIN_SECONDS: '-1' },
      /^Invalid configuration: SHUTDOWN_DRAIN_SECONDS must be a whole number from 0 to 60 /,
    ],
    [{ METRICS_TOKEN: 'short' }, /^Invalid configuration: METRICS_TOKEN must be at least 16 characters/],
    [
      { DATABASE_READ_URL: 'mysql://reader@replica/forkful' },
      /^Invalid configuration: DATABASE_READ_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    ],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ SEED_DEMO: 'maybe' }, /^Invalid configuration: SEED_DEMO must be true or false/],
    [{ ACCESS_TOKEN_SECRET: 'short' }, /^Invalid configuration: ACCESS_TOKEN_SECRET must be at least 32 characters/],
    [
      { S3_BUCKET: 'Bad_Bucket', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' },
      /^Invalid configuration: S3_BUCKET /,
    ],
    [{ S3_BUCKET: 'photos' }, /^Invalid configuration: S3_ACCESS_KEY_ID is required when S3_BUCKET is set$/],
    [
      { S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k' },
      /^Invalid configuration: S3_SECRET_ACCESS_KEY is required when S3_BUCKET is set$/,
    ],
    [
      { S3_ENDPOINT: 'http://127.0.0.1:9000' },
      /^Invalid configuration: S3_BUCKET is required when S3_ENDPOINT is set$/,
    ],
    [{ S3_BUCKET: 'photos', S3_ENDPOINT: 'ftp://x' }, /^Invalid configuration: S3_ENDPOINT must be an http/],
    [{ S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'sometimes' }, /^Invalid configuration: S3_FORCE_PATH_STYLE must be/],
    // A number out of bounds is told its bounds, not that it is no whole number.
    [
      { ACCESS_TOKEN_TTL_SECONDS: '2' },
      /^Invalid configuration: ACCESS_TOKEN_TTL_SECONDS must be a whole number from 5 to 86400 \(got "2"\)$/,
    ],
    [
      { ACCESS_TOKEN_TTL_SECONDS: '2.5' },
      /^Invalid configuration: ACCESS_TOKEN_TTL_SECONDS must be a whole number from 5 to 86400 \(got "2.5"\)$/,
    ],
    [
      { REFRESH_TOKEN_TTL_DAYS: '400' },
      /^Invalid configuration: REFRESH_TOKEN_TTL_DAYS must be a whole number from 1 to 365 /,
    ],
    [{ DATABASE_POOL_MAX: 'many' }, /^Invalid configuration: DATABASE_POOL_MAX must be a whole number from 1 to 200 /],
    [{ RATE_LIMIT_MAX: '0' }, /^Invalid configuration: RATE_LIMIT_MAX must be a whole number of at least 1 /],
  ])('stops on a bad value with one line naming the variable (%o)', (env, pattern) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: dataDir, ...env });
    } catch (error) {
      expect((error as Error).message).toMatch(pattern);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it.each([
    [{ METRICS_TOKEN: 'short-secret' }, 'short-secret', '(got a value of 12 characters)'],
    [{ ACCESS_TOKEN_SECRET: 'hunter2-hunter2' }, 'hunter2', '(got a value of 15 characters)'],
    [{ DATABASE_URL: 'mysql://app:pa55word@db/forkful' }, 'pa55word', '(got "mysql://app:***@db/forkful")'],
    [
      { DATABASE_READ_URL: 'mysql://reader:pa55word@replica/forkful' },
      'pa55word',
      '(got "mysql://reader:***@replica/forkful")',
    ],
  ])('never writes a secret into the error line, which ends up in logs (%o)', (env, secret, shown) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: dataDir, ...env });
    } catch (error) {
      expect((error as Error).message).not.toContain(secret);
      expect((error as Error).message).toContain(shown);
    }
  });
});
