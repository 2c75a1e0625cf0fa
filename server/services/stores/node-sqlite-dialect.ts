/**
 * Kysely on SQLite through `node:sqlite`, built into Node: Kysely's SQLite dialect (its SQL,
 * its introspection) with a driver of our own over `DatabaseSync`.
 *
 * Every store of a process on one file shares one connection, taken by one query or
 * transaction at a time. SQLite waits for another connection's write lock by blocking the
 * thread (busy_timeout), so a second connection in this process would wait for a transaction
 * that cannot finish while it blocks. Other processes on the file are waited for that way, and
 * transactions begin IMMEDIATE: a deferred one that upgrades to a write can fail at once with
 * SQLITE_BUSY. Migrations run in one such transaction, which is their lock.
 */
import { resolve } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDialect,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type QueryResult,
} from 'kysely';

/** Statements kept prepared per file: the stores' queries are few and fixed, so preparing each once pays. */
const CACHED_STATEMENTS = 200;

/** node:sqlite binds no booleans: they are stored as 1 and 0, as SQLite itself does. */
const bindable = (parameters: readonly unknown[]) =>
  parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value)) as SQLInputValue[];

/** One open file: its connection, the queue of those waiting for it, and how many stores use it. */
class SharedFile implements DatabaseConnection {
  readonly #db: DatabaseSync;
  /** Each statement, and whether it returns rows (a SELECT, or a write with RETURNING). */
  readonly #prepared = new Map<string, { statement: StatementSync; reader: boolean }>();
  #tail: Promise<void> = Promise.resolve();
  users = 0;

  constructor(path: string) {
    this.#db = new DatabaseSync(path);
    // WAL: readers do not wait for the writer. synchronous FULL: a message acknowledged to a
    // visitor survives a power cut. A writer in another process is waited for up to 5 s.
    this.#db.exec(
      'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;',
    );
  }

  /** Waits for the connection; resolves to the function that hands it on. */
  async take(): Promise<() => void> {
    const previous = this.#tail;
    const { promise, resolve } = Promise.withResolvers<undefined>();
    this.#tail = promise;
    await previous;
    return () => {
      resolve(undefined);
    };
  }

  #prepare(sql: string): { statement: StatementSync; reader: boolean } {
    let prepared = this.#prepared.get(sql);
    if (!prepared) {
      // The oldest goes first when a query with a list of values of every length fills the cache.
      if (this.#prepared.size >= CACHED_STATEMENTS) this.#prepared.delete(this.#prepared.keys().next().value ?? '');
      const statement = this.#db.prepare(sql);
      prepared = { statement, reader: statement.columns().length > 0 };
      this.#prepared.set(sql, prepared);
    }
    return prepared;
  }

  executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    const { statement, reader } = this.#prepare(sql);
    if (reader) return Promise.resolve({ rows: statement.all(...bindable(parameters)) as R[] });
    const { changes, lastInsertRowid } = statement.run(...bindable(parameters));
    return Promise.resolve({ rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) });
  }

  async *streamQuery<R>({ sql, parameters }: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const row of this.#prepare(sql).statement.iterate(...bindable(parameters))) yield { rows: [row as R] };
  }

  close(): void {
    this.#db.close();
  }
}

/** The files open in this process, by absolute path. */
const files = new Map<string, SharedFile>();

class NodeSqliteDriver implements Driver {
  readonly #path: string;
  #file: SharedFile | undefined;
  #release: (() => void) | undefined;

  constructor(path: string) {
    this.#path = resolve(path);
  }

  async init(): Promise<void> {
    const file = files.get(this.#path) ?? new SharedFile(this.#path);
    files.set(this.#path, file);
    file.users += 1;
    this.#file = file;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const file = this.#opened();
    const release = await file.take();
    this.#release = release;
    return file;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async destroy(): Promise<void> {
    const file = this.#file;
    this.#file = undefined;
    if (!file) return;
    file.users -= 1;
    if (file.users > 0) return;
    files.delete(this.#path);
    file.close();
  }

  #opened(): SharedFile {
    if (!this.#file) throw new Error('the SQLite store is closed');
    return this.#file;
  }
}

/** Migrations in one transaction: its immediate BEGIN lets one connection migrate at a time. */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** The dialect for the database file at `path`. */
export class NodeSqliteDialect extends SqliteDialect {
  readonly #path: string;

  constructor(path: string) {
    super({ database: () => Promise.reject(new Error('opened by NodeSqliteDriver')) });
    this.#path = path;
  }

  override createDriver(): Driver {
    return new NodeSqliteDriver(this.#path);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }
}
