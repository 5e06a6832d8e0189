import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  postgres: string;
  embeddedPostgres: string;
  chromium: string;
  loadAverage: string;
}

function cpuModel(): string {
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    return /^model name\s*:\s*(.+)$/m.exec(info)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  } catch {
    return os.cpus()[0]?.model ?? 'unknown';
  }
}

function command(file: string, args: string[]): string {
  try {
    // stderr dropped: Debian's chromium wrapper script prints a harmless shell warning.
    return execFileSync(file, args, { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'not found';
  }
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

export async function describeMachine(adminUrl: string, embeddedVersion: string): Promise<Machine> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const version = await client.query<{ server_version: string }>('SHOW server_version');
  const settings = await client.query<{ name: string; value: string }>(
    `SELECT name, current_setting(name) AS value FROM pg_settings
     WHERE name IN ('shared_buffers', 'work_mem', 'max_connections') ORDER BY name`,
  );
  await client.end();
  const shown = settings.rows.map((row) => `${row.name}=${row.value}`).join(', ');
  return {
    cpu: cpuModel(),
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres: `${version.rows[0]?.server_version ?? '?'} (${shown})`,
    embeddedPostgres: embeddedVersion,
    chromium: command(process.env.CHROME_PATH ?? '/usr/bin/chromium', ['--version']),
    loadAverage: loadAverage(),
  };
}
