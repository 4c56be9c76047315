/**
 * Rows written in whole data chunks, in two halves that run on different threads (gamesPhase.ts):
 * - `ChunkCollector` (the parse worker) gathers a table's values column by column, as plain numbers, strings,
 *   booleans, day numbers and arrays, and hands every 2,048 rows (DuckDB's vector size) to a sink;
 * - `ChunkAppender` (the thread that owns the database) turns such a chunk into a DuckDB data chunk and appends
 *   it: one native call per column per chunk instead of one per value.
 */
import {
  DuckDBDataChunk,
  DuckDBTypeId,
  dateValue,
  listValue,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';

/** Rows per chunk: DuckDB's vector size. */
const CHUNK_ROWS = 2048;

/** A plain value as collected: a DATE is its day number since 1970-01-01, a LIST an array of numbers. */
export type PlainValue = number | bigint | string | boolean | null | number[];

/** Rows of one table, column by column. */
export interface Chunk {
  table: string;
  rows: number;
  columns: PlainValue[][];
}

export class ChunkCollector {
  private columns: PlainValue[][];
  private column = 0;
  private rows = 0;

  constructor(
    private readonly table: string,
    private readonly columnCount: number,
    private readonly sink: (chunk: Chunk) => void,
  ) {
    this.columns = this.emptyColumns();
  }

  private emptyColumns(): PlainValue[][] {
    return Array.from({ length: this.columnCount }, () => []);
  }

  private push(value: PlainValue): void {
    const col = this.columns[this.column++];
    if (!col) throw new Error(`too many values in a row of ${this.table} (it has ${this.columnCount} columns)`);
    col.push(value);
  }

  appendInteger(v: number): void {
    this.push(v);
  }
  appendSmallInt(v: number): void {
    this.push(v);
  }
  appendTinyInt(v: number): void {
    this.push(v);
  }
  appendUTinyInt(v: number): void {
    this.push(v);
  }
  appendBigInt(v: bigint): void {
    this.push(v);
  }
  appendFloat(v: number): void {
    this.push(v);
  }
  appendBoolean(v: boolean): void {
    this.push(v);
  }
  appendVarchar(v: string): void {
    this.push(v);
  }
  /** a DATE, as days since 1970-01-01 */
  appendDate(days: number): void {
    this.push(days);
  }
  appendList(v: number[]): void {
    this.push(v);
  }
  appendNull(): void {
    this.push(null);
  }

  endRow(): void {
    if (this.column !== this.columnCount) {
      throw new Error(`a row of ${this.table} has ${this.column} values, the table ${this.columnCount} columns`);
    }
    this.column = 0;
    if (++this.rows === CHUNK_ROWS) this.flush();
  }

  /** Hands the rows gathered so far to the sink. */
  flush(): void {
    if (this.column !== 0) throw new Error(`a row of ${this.table} was left half written`);
    if (this.rows === 0) return;
    const chunk = { table: this.table, rows: this.rows, columns: this.columns };
    this.columns = this.emptyColumns();
    this.rows = 0;
    this.sink(chunk);
  }
}

/** DATE and LIST columns arrive as plain values: turned into DuckDB values on the way in. */
function converterOf(type: DuckDBType): ((v: PlainValue) => DuckDBValue) | null {
  if (type.typeId === DuckDBTypeId.DATE) return (v) => (v === null ? null : dateValue(v as number));
  if (type.typeId === DuckDBTypeId.LIST) return (v) => (v === null ? null : listValue(v as number[]));
  return null;
}

export class ChunkAppender {
  private readonly converters: (((v: PlainValue) => DuckDBValue) | null)[];

  private constructor(
    readonly table: string,
    private readonly appender: DuckDBAppender,
    private readonly types: DuckDBType[],
  ) {
    this.converters = types.map(converterOf);
  }

  static async open(conn: DuckDBConnection, table: string): Promise<ChunkAppender> {
    const appender = await conn.createAppender(table);
    const types = Array.from({ length: appender.columnCount }, (_, i) => appender.columnType(i));
    return new ChunkAppender(table, appender, types);
  }

  get columnCount(): number {
    return this.types.length;
  }

  append(chunk: Chunk): void {
    if (chunk.columns.length !== this.types.length) {
      throw new Error(`a chunk of ${this.table} has ${chunk.columns.length} columns, the table ${this.types.length}`);
    }
    const data = DuckDBDataChunk.create(this.types, chunk.rows);
    chunk.columns.forEach((values, i) => {
      const convert = this.converters[i];
      if (convert) data.setColumnValuesConverted(i, values, (v) => convert(v as PlainValue));
      else data.setColumnValues(i, values as DuckDBValue[]);
    });
    this.appender.appendDataChunk(data);
  }

  closeSync(): void {
    this.appender.closeSync();
  }
}
