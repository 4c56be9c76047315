/**
 * Applies src/server/db/schema.sql to a DuckDB connection and turns each column's `-- comment` into a
 * DuckDB column comment (visible in duckdb_columns()).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DuckDBConnection } from '@duckdb/node-api';

export const SCHEMA_VERSION = 17;
export const SCHEMA_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.sql');

export interface ColumnComment {
  table: string;
  column: string;
  comment: string;
}

/** Column comments of the schema file: `name TYPE ..., -- comment` lines inside CREATE TABLE blocks. */
export function schemaColumnComments(sql: string): ColumnComment[] {
  const out: ColumnComment[] = [];
  let table: string | null = null;
  for (const line of sql.split('\n')) {
    const create = /^CREATE TABLE (\w+)/.exec(line);
    if (create) {
      table = create[1]!;
      continue;
    }
    if (/^\);/.test(line)) {
      table = null;
      continue;
    }
    const col = /^\s+(\w+)\s+[A-Z][^-]*--\s*(.+)$/.exec(line);
    if (table && col) out.push({ table, column: col[1]!, comment: col[2]!.trim() });
  }
  return out;
}

function quote(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

export async function applySchema(conn: DuckDBConnection): Promise<void> {
  const sql = fs.readFileSync(SCHEMA_PATH, 'utf8');
  const statements = sql
    .split('\n')
    .map((l) => l.replace(/--.*$/, ''))
    .join('\n')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of statements) await conn.run(s);
  // COMMENT ON takes no parameters: the comment text comes from our own schema file and is quoted here.
  for (const c of schemaColumnComments(sql)) {
    await conn.run(`COMMENT ON COLUMN ${c.table}.${c.column} IS ${quote(c.comment)}`);
  }
}
