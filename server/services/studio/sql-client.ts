/**
 * The small SQL client the studio's stores are written over, which SQLite and PostgreSQL each
 * provide (stores/studio-*.ts), and the numbered migrations both engines apply the same way.
 */

/** The SQL an engine runs: `$1`-style placeholders, numbers and strings as values. */
export interface SqlClient {
  readonly dialect: 'sqlite' | 'postgres';
  all<T>(sql: string, values?: readonly unknown[]): Promise<T[]>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, values?: readonly unknown[]): Promise<number>;
  /** Runs `work` in one transaction (other writers wait), committed if it resolves. */
  transaction<T>(work: (client: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The first row the query returns, or null when it returns none. */
export async function firstRow<T>(sql: SqlClient, query: string, values: readonly unknown[]): Promise<T | null> {
  return (await sql.all<T>(query, values))[0] ?? null;
}

const TYPES = {
  sqlite: { id: 'INTEGER PRIMARY KEY AUTOINCREMENT', int: 'INTEGER' },
  postgres: { id: 'BIGSERIAL PRIMARY KEY', int: 'BIGINT' },
};

/**
 * Applies the migrations not yet recorded in the table `ledger`, in one transaction, under the
 * advisory `lock` on PostgreSQL. In each, `{id}` is the engine's auto-increment key and `{int}`
 * a 64-bit integer.
 */
export async function applyMigrations(
  sql: SqlClient,
  ledger: string,
  lock: number,
  migrations: readonly string[],
): Promise<void> {
  const types = TYPES[sql.dialect];
  await sql.transaction(async (tx) => {
    if (tx.dialect === 'postgres') await tx.all('SELECT pg_advisory_xact_lock($1)', [lock]);
    await tx.run(`CREATE TABLE IF NOT EXISTS ${ledger} (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`);
    const applied = new Set(
      (await tx.all<{ version: number }>(`SELECT version FROM ${ledger}`)).map((row) => row.version),
    );
    for (const [index, template] of migrations.entries()) {
      const version = index + 1;
      if (applied.has(version)) continue;
      for (const statement of template.replaceAll('{id}', types.id).replaceAll('{int}', types.int).split(';')) {
        if (statement.trim()) await tx.run(statement);
      }
      await tx.run(`INSERT INTO ${ledger} (version, applied_at) VALUES ($1, $2)`, [version, new Date().toISOString()]);
    }
  });
}
