/**
 * A tiny SQL builder: values are always bound parameters ($1, $2 ...), never spliced into the text.
 * Identifiers (table and column names) come only from constants in this folder, never from the request.
 */
import type { SqlParam } from '../../db/statsDb';

export class Params {
  readonly values: SqlParam[] = [];

  /** Bind one value; returns its placeholder. */
  bind(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** Bind a list for `IN (...)`; returns the parenthesised placeholders. The list must not be empty. */
  list(values: readonly SqlParam[]): string {
    if (values.length === 0) throw new Error('empty IN list');
    return `(${values.map((v) => this.bind(v)).join(', ')})`;
  }
}

/** AND of the non-empty conditions, or TRUE. */
export function and(conditions: readonly string[]): string {
  const parts = conditions.filter((c) => c.length > 0);
  return parts.length === 0 ? 'TRUE' : parts.map((c) => `(${c})`).join(' AND ');
}

/** OR of the non-empty conditions, or TRUE when there are none. */
export function or(conditions: readonly string[]): string {
  const parts = conditions.filter((c) => c.length > 0);
  return parts.length === 0 ? 'TRUE' : parts.map((c) => `(${c})`).join(' OR ');
}
