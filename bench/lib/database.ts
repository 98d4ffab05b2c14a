import pg from 'pg';

/**
 * DATABASE_URL with its database replaced by `name`, dropped and created afresh
 * (the benches' own databases: the server then migrates and seeds them).
 */
export async function freshDatabase(databaseUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return databaseAt(databaseUrl, name);
}

/** DATABASE_URL with its database replaced by `name`. */
export function databaseAt(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
