/**
 * Shot zones of the API against the league's own shot-location file (nba-data shots/regular/2012-13.parquet):
 * METRICS.md's rim zone (under 4 ft) is the league's "Restricted Area" (a 4 ft arc), and its corner threes are
 * "Left/Right Corner 3". An independent reading of the raw file, not of our database.
 */
import { describe, expect, it } from 'vitest';
import { byPlayer, data, HAS_DB, rawFile, rawSql } from './helpers';

const LEBRON = 2544;
const CURRY = 201939;

async function rawZones(playerId: number) {
  const [zones] = await rawSql<{ fga: number; rim: number; c3: number }>(
    `SELECT COUNT(*)::INTEGER AS fga,
            COUNT(*) FILTER (WHERE BASIC_ZONE = 'Restricted Area')::INTEGER AS rim,
            COUNT(*) FILTER (WHERE BASIC_ZONE IN ('Left Corner 3', 'Right Corner 3'))::INTEGER AS c3
       FROM read_parquet($1) WHERE PLAYER_ID = $2`,
    [rawFile('shots', 'regular', '2012-13.parquet'), playerId],
  );
  return zones!;
}

describe.skipIf(!HAS_DB)('shot zones against the league shot-location file (2012-13)', () => {
  it.each([
    ['LeBron James', LEBRON],
    ['Stephen Curry', CURRY],
  ])("%s: rim and corner-three attempts equal the league file's Restricted Area and corner threes", async (_name, id) => {
    const raw = await rawZones(id);
    const d = await data('page=Players&season=2012&is_garbage_time=false'); // every attempt counts
    const totals = byPlayer(d.OffensiveOverview!, id);
    const freq = byPlayer(d.ShootingFrequency!, id);
    expect(totals.fga).toBe(raw.fga);
    // Frequencies travel with two decimals: attempts = share x FGA, exact after rounding.
    expect(Math.round((freq.rim_freq * totals.fga) / 100)).toBe(raw.rim);
    expect(Math.round((freq.c3_freq * totals.fga) / 100)).toBe(raw.c3);
  });
});
