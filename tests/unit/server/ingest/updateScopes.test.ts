/**
 * The update's dependency table (src/server/ingest/update/scopes.ts) names every table a build writes: the schema's
 * tables (read from schema.sql here) and every derived table's builder; a table without a scope makes the update
 * refuse the database (update.test.ts runs the update on a fresh build).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_PATH } from '../../../../src/server/db/schema.ts';
import { AGGREGATE_BUILDERS } from '../../../../src/server/statsSchema/derivedTables.ts';
import { BUILDER_SCOPES, TABLE_SCOPES, unscopedTables } from '../../../../src/server/ingest/update/scopes.ts';

describe("the update's table of scopes", () => {
  it('names every table of schema.sql', () => {
    const tables = [...fs.readFileSync(SCHEMA_PATH, 'utf8').matchAll(/^CREATE TABLE (\w+)/gm)].map((m) => m[1]!);
    expect(tables.length).toBeGreaterThan(20);
    expect(unscopedTables(tables)).toEqual([]);
  });

  it("gives every derived table's builder a scope, and a season builder's table a season key", () => {
    for (const b of AGGREGATE_BUILDERS) {
      expect(BUILDER_SCOPES[b.name], b.name).toMatch(/^(season|database)$/);
      if (b.name !== 'player_possession_context') expect(TABLE_SCOPES[b.name], b.name).toBeDefined();
      if (BUILDER_SCOPES[b.name] === 'season' && TABLE_SCOPES[b.name]) expect(TABLE_SCOPES[b.name]!.key, b.name).toBeTruthy();
    }
  });

  it('a table it does not know is reported', () => {
    expect(unscopedTables(['games', 'a_new_table'])).toEqual(['a_new_table']);
  });
});
