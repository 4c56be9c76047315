/**
 * On/off of a player traded within the season ("Off 9,581 poss" summed both teams' whole seasons): one
 * row per team on his on/off page, and each team's on + off = that team's possessions in its games from his
 * first to his last game for it, both written here directly over the possession table (his games for a team are
 * the games in which he is on the floor for it).
 */
import { describe, expect, it } from 'vitest';
import { data, HAS_DB, sql } from './helpers';

const BASE = "p.season = 2022 AND p.season_type = 'regular' AND NOT p.is_garbage_time AND NOT p.is_heave";
const FIVE = (side: 'o' | 'd', id: number) => `${id} IN (p.${side}1, p.${side}2, p.${side}3, p.${side}4, p.${side}5)`;

interface Stint {
  team_id: number;
  abbr: string;
  first: string;
  last: string;
}

/** 2022-23 regular-season players on the floor for two or more teams, most possessions first, with each team's span of games. */
async function tradedPlayers(limit: number): Promise<{ player_id: number; stints: Stint[] }[]> {
  const rows = await sql<{ player_id: number; team_id: number; abbr: string; first: string; last: string }>(
    `WITH on_floor AS (
       SELECT DISTINCT unnest([p.o1, p.o2, p.o3, p.o4, p.o5]) AS player_id, p.off_team_id AS team_id, p.game_id FROM possessions p
        WHERE p.season = 2022 AND p.season_type = 'regular'
       UNION
       SELECT DISTINCT unnest([p.d1, p.d2, p.d3, p.d4, p.d5]) AS player_id, p.def_team_id AS team_id, p.game_id FROM possessions p
        WHERE p.season = 2022 AND p.season_type = 'regular'),
     stints AS (
       SELECT f.player_id, f.team_id, min(g.date)::VARCHAR AS first, max(g.date)::VARCHAR AS last, count(*) AS games,
              any_value(CASE WHEN g.home_team_id = f.team_id THEN g.home_abbr ELSE g.away_abbr END) AS abbr
         FROM on_floor f JOIN games g USING (game_id) GROUP BY f.player_id, f.team_id),
     traded AS (SELECT player_id, sum(games) AS games FROM stints GROUP BY player_id HAVING count(*) >= 2 ORDER BY games DESC, player_id LIMIT ${limit})
     SELECT s.player_id, s.team_id, s.abbr, s.first, s.last FROM stints s JOIN traded USING (player_id) ORDER BY s.player_id, s.first`,
  );
  const by = new Map<number, Stint[]>();
  for (const r of rows) (by.get(r.player_id) ?? by.set(r.player_id, []).get(r.player_id)!).push(r);
  return [...by].map(([player_id, stints]) => ({ player_id, stints }));
}

async function possessions(where: string): Promise<number> {
  const [r] = await sql<{ n: number | null }>(
    `SELECT SUM(p.possessions)::INTEGER AS n FROM possessions p JOIN games g USING (game_id) WHERE ${BASE} AND ${where}`,
  );
  return r!.n ?? 0;
}

describe.skipIf(!HAS_DB)('on/off of traded players, per team', () => {
  it('his on/off page: a row per team; on = his possessions for it, on + off = its possessions from his first to his last game there', async () => {
    const players = await tradedPlayers(3);
    expect(players.length).toBe(3);
    for (const { player_id, stints } of players) {
      const rows = (await data(`page=PlayerOnOff&entity=${player_id}&season=2022&metric_set=Team_FourFactors`)).Team_FourFactors!;
      expect(rows.map((r) => r.team).sort()).toEqual(stints.map((s) => s.abbr).sort());
      for (const s of stints) {
        const row = rows.find((r) => r.team === s.abbr)!;
        const on = await possessions(`p.off_team_id = ${s.team_id} AND ${FIVE('o', player_id)}`);
        const span = await possessions(`p.off_team_id = ${s.team_id} AND g.date BETWEEN '${s.first}' AND '${s.last}'`);
        expect({ player_id, team: s.abbr, on: row.poss_on, onCol: row.poss_on, off: row.poss_off }).toEqual({
          player_id,
          team: s.abbr,
          on,
          onCol: on,
          off: span - on,
        });
        // The whole season of the team is more than his span (he was not there all season).
        expect(span).toBeLessThan(await possessions(`p.off_team_id = ${s.team_id}`));
      }
    }
  });

  it("defense side too: his opponents' possessions against each team while he was there", async () => {
    const { player_id, stints } = (await tradedPlayers(1))[0]!;
    const rows = (await data(`page=PlayerOnOff&entity=${player_id}&season=2022&side=defense&metric_set=Opponent_FourFactors`)).Opponent_FourFactors!;
    for (const s of stints) {
      const row = rows.find((r) => r.team === s.abbr)!;
      const on = await possessions(`p.def_team_id = ${s.team_id} AND ${FIVE('d', player_id)}`);
      const span = await possessions(`p.def_team_id = ${s.team_id} AND g.date BETWEEN '${s.first}' AND '${s.last}'`);
      expect([row.poss_on, row.poss_off]).toEqual([on, span - on]);
    }
  });

  it("with a possession filter (a period) too: on + off = the team's possessions of that period from his first to his last game there", async () => {
    // Not the spans' pre-summed sums (season filters only): the team's sums per game over his span's games (span_games).
    const { player_id, stints } = (await tradedPlayers(2))[1]!;
    const rows = (await data(`page=PlayerOnOff&entity=${player_id}&season=2022&period=4&metric_set=Team_FourFactors`)).Team_FourFactors!;
    expect(rows.map((r) => r.team).sort()).toEqual(stints.map((s) => s.abbr).sort());
    for (const s of stints) {
      const row = rows.find((r) => r.team === s.abbr)!;
      const on = await possessions(`p.period = 4 AND p.off_team_id = ${s.team_id} AND ${FIVE('o', player_id)}`);
      const span = await possessions(`p.period = 4 AND p.off_team_id = ${s.team_id} AND g.date BETWEEN '${s.first}' AND '${s.last}'`);
      expect({ team: s.abbr, on: row.poss_on, off: row.poss_off }).toEqual({ team: s.abbr, on, off: span - on });
    }
  });

  it("the team's on/off page: off is over its games while he was there; a one-team player keeps the team's season", async () => {
    const { player_id, stints } = (await tradedPlayers(1))[0]!;
    const s = stints[0]!;
    const rows = (await data(`page=TeamOnOff&entity=${s.abbr}&season=2022&metric_set=Team_FourFactors`)).Team_FourFactors!;
    const row = rows.find((r) => r.player_id === player_id)!;
    const on = await possessions(`p.off_team_id = ${s.team_id} AND ${FIVE('o', player_id)}`);
    const span = await possessions(`p.off_team_id = ${s.team_id} AND g.date BETWEEN '${s.first}' AND '${s.last}'`);
    expect([row.poss_on, row.poss_off]).toEqual([on, span - on]);
    // The player with most possessions on this team who played for no other team: on + off = the whole season.
    const [stay] = await sql<{ player_id: number }>(
      `SELECT player_id FROM player_seasons WHERE season = 2022 AND season_type = 'regular' AND team_ids = [${s.team_id}] ORDER BY seconds DESC LIMIT 1`,
    );
    const steady = rows.find((r) => r.player_id === stay!.player_id)!;
    expect(steady.poss_on + steady.poss_off).toBe(await possessions(`p.off_team_id = ${s.team_id}`));
  });
});
