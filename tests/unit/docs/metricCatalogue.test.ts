/**
 * docs/reference/metric-catalogue.md against the code it is generated from (src/lib/tables/metricSets.ts,
 * metricColumns.ts, columnMeta.ts): a set or column added, renamed or redefined without
 * `npx tsx scripts/metric-catalogue.ts --write` fails here.
 */
import { describe, expect, it } from 'vitest';
import { COLUMNS } from '../../../src/lib/tables/metricColumns.ts';
import { metricSetDefinitions } from '../../../src/lib/tables/metricSets.ts';
import { currentCatalogue, metricCatalogue } from '../../../scripts/metric-catalogue.ts';

describe('the metric catalogue', () => {
  const page = currentCatalogue();

  it('is the page the code generates today', () => {
    expect(page).toBe(metricCatalogue());
  });

  it('lists every column set with each of its column keys', () => {
    for (const [base, columns] of Object.entries(COLUMNS)) {
      const section = page.slice(page.indexOf(`\n### ${base}\n`));
      expect(section.length, base).toBeGreaterThan(0);
      for (const c of columns) expect(section).toContain(`| \`${c.key}\` | ${c.label.replace(/\|/g, '\\|')} |`);
    }
  });

  it("names the Players table's sets by the value /api/data takes", () => {
    for (const set of metricSetDefinitions('Players', 'offense')) expect(page).toContain(`\`${set.value}\`: `);
  });
});
