/**
 * Similar players (GET /api/similar) on the test database (2012-13, 2022-23):
 * - the stored profile (player_profiles) of two player-seasons recomputed here from the possession table and the
 *   player's own possession counters, with this test's own SQL;
 * - the standardisation: per season and feature, mean 0 and standard deviation 1;
 * - the ranking recomputed by brute force from the stored z-scores with the guide's weights, and the reason (the
 *   two features adding least to the distance);
 * - the player is never his own neighbour; the age and minutes filters hold (read from player_bios and the
 *   possessions, not from the answer); bad input is a 4xx.
 */
import { describe, expect, it } from 'vitest';
import { SIMILARITY_FEATURES } from '../../src/server/stats/metrics/similarity';
import { call, HAS_DB, sql } from './helpers';

const LEBRON = 2544;
const CURRY = 201939;

/** The guide's profile of a player-season, from the possessions (regular season, garbage time and heaves out). */
async function rawProfile(playerId: number, season: number) {
  const base = `p.season = ${season} AND p.season_type = 'regular' AND NOT p.is_filtered_out`;
  const [own] = await sql<Record<string, number>>(
    `SELECT sum(s.fga_rim) AS rim, sum(s.fga_smid) AS smid, sum(s.fga_lmid) AS lmid, sum(s.fga_c3 + s.fga_nc3) AS three,
            sum(s.fgm_rim + s.fgm_smid + s.fgm_lmid + s.fgm_c3 + s.fgm_nc3) AS fgm,
            sum(s.astd_rim + s.astd_smid + s.astd_lmid + s.astd_c3 + s.astd_nc3) AS astd,
            sum(s.pts) AS pts, sum(s.fta) AS fta, sum(s.ft_trips) AS trips, sum(s.tov) AS tov, sum(s.ast) AS ast,
            sum(s.oreb) AS oreb, sum(s.dreb) AS dreb, sum(s.blk) AS blk, sum(s.stl) AS stl
       FROM player_possession_stats s JOIN possessions p USING (possession_id)
      WHERE s.player_id = ${playerId} AND ${base}`,
  );
  const [off] = await sql<Record<string, number>>(
    `SELECT sum(p.possessions) AS poss, sum(p.plays) AS plays, sum(p.fgm) AS fgm, sum(p.oreb + p.dreb) AS oreb_chances, sum(p.seconds) AS sec
       FROM possessions p WHERE ${playerId} IN (p.o1, p.o2, p.o3, p.o4, p.o5) AND ${base}`,
  );
  const [def] = await sql<Record<string, number>>(
    `SELECT sum(p.possessions) AS poss, sum(p.oreb + p.dreb) AS dreb_chances, sum(p.fga - p.fg3a) AS opp_fg2a, sum(p.seconds) AS sec
       FROM possessions p WHERE ${playerId} IN (p.d1, p.d2, p.d3, p.d4, p.d5) AND ${base}`,
  );
  const [ps] = await sql<{ position_score: number }>(
    `SELECT position_score FROM player_seasons WHERE player_id = ${playerId} AND season = ${season} AND season_type = 'regular'`,
  );
  const o = own!;
  const fga = o.rim! + o.smid! + o.lmid! + o.three!;
  return {
    seconds: off!.sec! + def!.sec!,
    features: {
      usage: (100 * (fga + o.tov! + o.trips!)) / off!.plays!,
      pts_per_100: (100 * o.pts!) / off!.poss!,
      ast_pct: (100 * o.ast!) / (off!.fgm! - o.fgm!),
      tov_pct: (100 * o.tov!) / (fga + o.trips! + o.tov!),
      rim_freq: (100 * o.rim!) / fga,
      smid_freq: (100 * o.smid!) / fga,
      lmid_freq: (100 * o.lmid!) / fga,
      three_freq: (100 * o.three!) / fga,
      ft_rate: (100 * o.fta!) / fga,
      assisted_share: (100 * o.astd!) / o.fgm!,
      orb_pct: (100 * o.oreb!) / off!.oreb_chances!,
      drb_pct: (100 * o.dreb!) / def!.dreb_chances!,
      blk_pct: (100 * o.blk!) / def!.opp_fg2a!,
      stl_pct: (100 * o.stl!) / def!.poss!,
      position_score: ps!.position_score,
    } as Record<string, number>,
  };
}

type ProfileRow = { player_id: number; season: number; seconds: number; age: number | null } & Record<string, number | null>;
const allProfiles = () => sql<ProfileRow>('SELECT * FROM player_profiles');

/** Brute force: every other player's profile by weighted distance of the stored z-scores, with each feature's part. */
/** Every other player's profiles by distance, nearest first, each player once (his nearest season). */
function bruteForce(profiles: ProfileRow[], target: ProfileRow, keep: (p: ProfileRow) => boolean = () => true) {
  const seen = new Set<number>();
  return profiles
    .filter((p) => p.player_id !== target.player_id && keep(p))
    .map((p) => {
      const parts = SIMILARITY_FEATURES.map((f) => {
        const a = target[`z_${f.key}`];
        const b = p[`z_${f.key}`];
        return a === null || b === null ? 0 : f.weight * (a! - b!) ** 2;
      });
      return { p, d: Math.sqrt(parts.reduce((s, x) => s + x, 0)), parts };
    })
    .sort((x, y) => x.d - y.d || x.p.player_id - y.p.player_id || x.p.season - y.p.season)
    .filter((x) => !seen.has(x.p.player_id) && Boolean(seen.add(x.p.player_id)));
}

describe.skipIf(!HAS_DB)('similar players', () => {
  it('stores the profile the guide defines, recomputed from the possessions', async () => {
    for (const [id, season] of [
      [LEBRON, 2012],
      [CURRY, 2022],
    ] as const) {
      const [stored] = await sql<ProfileRow>(`SELECT * FROM player_profiles WHERE player_id = ${id} AND season = ${season}`);
      const raw = await rawProfile(id, season);
      expect(stored!.seconds, `${id} ${season} seconds`).toBe(raw.seconds);
      for (const f of SIMILARITY_FEATURES) expect(stored![f.key], `${id} ${season} ${f.key}`).toBeCloseTo(raw.features[f.key]!, 6);
    }
  });

  it('has a profile for exactly the regular-season player-seasons with 500 minutes', async () => {
    const [counts] = await sql<{ stored: number; expected: number }>(
      `SELECT (SELECT count(*) FROM player_profiles) AS stored,
              (SELECT count(*) FROM (SELECT player_id, season FROM possessions, unnest([o1, o2, o3, o4, o5, d1, d2, d3, d4, d5]) AS t(player_id)
                                      WHERE season_type = 'regular' AND NOT is_filtered_out GROUP BY player_id, season HAVING sum(seconds) >= 30000)) AS expected`,
    );
    expect(counts!.stored).toBe(counts!.expected);
    expect(counts!.stored).toBeGreaterThan(600);
  });

  it('standardises each feature within its season: mean 0, standard deviation 1', async () => {
    for (const f of SIMILARITY_FEATURES) {
      const rows = await sql<{ season: number; m: number; sd: number }>(
        `SELECT season, avg(z_${f.key}) AS m, stddev_pop(z_${f.key}) AS sd FROM player_profiles GROUP BY season`,
      );
      expect(rows).toHaveLength(2);
      for (const r of rows) {
        expect(r.m, `${f.key} ${r.season} mean`).toBeCloseTo(0, 9);
        expect(r.sd, `${f.key} ${r.season} sd`).toBeCloseTo(1, 9);
      }
    }
  });

  it('ranks the ten nearest by brute force, never himself, with the closest features as the reason', async () => {
    const profiles = await allProfiles();
    const target = profiles.find((p) => p.player_id === LEBRON && p.season === 2012)!;
    const expected = bruteForce(profiles, target).slice(0, 10);
    const r = await call(`/api/similar?player=${LEBRON}&season=2012-13`);
    expect(r.status).toBe(200);
    expect(r.body.similar).toHaveLength(10);
    expect(r.body.similar.map((n: { player_id: number; season_start: number }) => `${n.player_id}:${n.season_start}`)).toEqual(
      expected.map((e) => `${e.p.player_id}:${e.p.season}`),
    );
    r.body.similar.forEach((n: { distance: number; closest: string[]; reason: string }, i: number) => {
      expect(n.distance).toBeCloseTo(expected[i]!.d, 3);
      const order = SIMILARITY_FEATURES.map((f, j) => ({ f, c: expected[i]!.parts[j]! })).sort((a, b) => a.c - b.c || b.f.weight - a.f.weight);
      expect(n.closest).toEqual(order.slice(0, 2).map((o) => o.f.key));
      expect(n.reason).toBe(`closest on ${order[0]!.f.label} and ${order[1]!.f.label}`);
    });
  });

  it('lists each player once, in his nearest season (Jokic 2022-23 on the full database had Sabonis five times)', async () => {
    // Kobe Bryant 2012-13: two of his ten nearest player-seasons are one player's (2012-13 and 2022-23).
    const r = await call(`/api/similar?player=977&season=2012-13`);
    const ids = r.body.similar.map((n: { player_id: number }) => n.player_id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
  });

  it('never lists the player himself, for every profile of a season', async () => {
    const ids = await sql<{ player_id: number }>('SELECT player_id FROM player_profiles WHERE season = 2022 ORDER BY player_id LIMIT 40');
    for (const { player_id } of ids) {
      const r = await call(`/api/similar?player=${player_id}&season=2022-23`);
      expect(r.body.similar).toHaveLength(10);
      expect(
        r.body.similar.some((n: { player_id: number }) => n.player_id === player_id),
        String(player_id),
      ).toBe(false);
    }
  });

  it('respects the age and minutes filters, and still lists the ten nearest that pass', async () => {
    const r = await call(`/api/similar?player=${CURRY}&season=2022&age_min=30&age_max=34&min_minutes=1500`);
    expect(r.status).toBe(200);
    expect(r.body.similar).toHaveLength(10);
    // 2022-23 neighbours are there too: their ages are moved on from the last published bio.
    expect(r.body.similar.some((n: { season_start: number }) => n.season_start === 2022)).toBe(true);
    for (const n of r.body.similar as { player_id: number; season_start: number }[]) {
      // His age that season as the bio header reads it: that season's bio, else the nearest earlier (else later),
      // moved on by the years between (the published bios end with 2019-20).
      const [bio] = await sql<{ age: number; season: number }>(
        `SELECT age, season FROM player_bios WHERE player_id = ${n.player_id} ORDER BY (season > ${n.season_start}), abs(season - ${n.season_start}) LIMIT 1`,
      );
      const age = Math.floor(bio!.age + n.season_start - bio!.season);
      expect(age).toBeGreaterThanOrEqual(30);
      expect(age).toBeLessThanOrEqual(34);
      const [sec] = await sql<{ s: number }>(
        `SELECT sum(seconds) AS s FROM possessions WHERE ${n.player_id} IN (o1, o2, o3, o4, o5, d1, d2, d3, d4, d5)
            AND season = ${n.season_start} AND season_type = 'regular' AND NOT is_filtered_out`,
      );
      expect(sec!.s).toBeGreaterThanOrEqual(1500 * 60);
    }
    const profiles = await allProfiles();
    const target = profiles.find((p) => p.player_id === CURRY && p.season === 2022)!;
    const expected = bruteForce(profiles, target, (p) => p.age !== null && p.age >= 30 && p.age <= 34 && p.seconds >= 90_000).slice(0, 10);
    expect(r.body.similar.map((n: { player_id: number }) => n.player_id)).toEqual(expected.map((e) => e.p.player_id));
  });

  it('a season without a profile says why; bad input is a 4xx', async () => {
    const [few] = await sql<{ player_id: number }>(
      `SELECT player_id FROM player_seasons WHERE season = 2022 AND season_type = 'regular' AND seconds < 6000 ORDER BY player_id LIMIT 1`,
    );
    const none = await call(`/api/similar?player=${few!.player_id}&season=2022-23`);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ profile: null, similar: [] });
    expect(none.body.message).toMatch(/500 regular-season minutes/);
    const cases: [string, number][] = [
      ['', 400],
      [`player=${LEBRON}&player=${CURRY}`, 400],
      [`player=${LEBRON}&season=1999`, 400],
      [`player=${LEBRON}&age_min=abc`, 400],
      [`player=${LEBRON}&min_minutes=99999`, 400],
      [`player=${LEBRON}&limit=0`, 400],
      ['player=999999999', 404],
    ];
    for (const [qs, status] of cases) {
      const r = await call(`/api/similar?${qs}`);
      expect(r.status, qs).toBe(status);
      expect(typeof r.body.error, qs).toBe('string');
    }
  });
});
