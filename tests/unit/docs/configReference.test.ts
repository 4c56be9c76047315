/**
 * docs/reference/configuration.md against src/server/config.ts: the generated table is what SCHEMA gives today
 * (defaults and accepted values read from the schema), and the table of meanings has one row per variable of
 * SCHEMA, no more, no fewer. Rewrite the generated part with `npx tsx scripts/config-reference.ts --write`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeVariables, readConfig } from '../../../src/server/config.ts';
import { REFERENCE_PATH, configTable, withTable } from '../../../scripts/config-reference.ts';

const page = readFileSync(REFERENCE_PATH, 'utf8');

/** The variables named in the first column of the section's table. */
function tableNames(section: string): string[] {
  const start = page.indexOf(section);
  expect(start, `section "${section}"`).toBeGreaterThanOrEqual(0);
  const next = page.indexOf('\n## ', start + section.length);
  const body = page.slice(start, next < 0 ? undefined : next);
  return [...body.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1] ?? '');
}

describe('the configuration reference', () => {
  it('holds the table generated from SCHEMA as it is now', () => {
    expect(withTable(page)).toBe(page);
  });

  it('gives each default as the server reads it when the variable is unset', () => {
    const defaults = readConfig({});
    const byName = new Map(describeVariables().map((v) => [v.name, v.default]));
    expect(byName.get('STATS_DB_CONNECTIONS')).toBe(String(defaults.statsDbConnections));
    expect(byName.get('API_CACHE_BYTES')).toBe(String(defaults.apiCacheBytes));
    expect(byName.get('LOG_LEVEL')).toBe(defaults.logLevel);
    expect(byName.get('AUTH_PROVIDERS')).toBe(defaults.authProviders.join(','));
    expect(byName.get('BILLING_TEST_PROVIDER')).toBe(defaults.billingTestProvider ? '1' : '0');
    expect(byName.get('DATABASE_URL')).toBeUndefined();
    expect(configTable()).toContain('| `STATS_HEAVY_SLOTS` | `2` | a whole number from 1 to 63 |');
  });

  it('says what every variable of SCHEMA does, and names no other', () => {
    const schema = describeVariables()
      .map((v) => v.name)
      .sort();
    expect(tableNames('## Defaults and accepted values').sort()).toEqual(schema);
    expect(tableNames('## What each variable does').sort()).toEqual(schema);
  });

  it('lists apart the variables read outside the server, none of them in SCHEMA', () => {
    const schema = new Set<string>(describeVariables().map((v) => v.name));
    const outside = tableNames('## Variables read outside the server');
    expect(outside).toContain('E2E_PORT');
    expect(outside.filter((name) => schema.has(name))).toEqual([]);
  });
});
