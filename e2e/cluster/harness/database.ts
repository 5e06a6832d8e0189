import pg from 'pg';

export const adminDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A new, empty database on the machine's PostgreSQL server (no template: the instances migrate it themselves). */
export async function createEmptyDatabase(
  label: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `forkful_cluster_${label}_${process.pid}_${Date.now()}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  return {
    name,
    url: withDatabase(adminDatabaseUrl, name),
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** Runs one statement on a database of the cluster (the test's own inspection or set-up, never the app's work). */
export async function queryDatabase<Row extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}
