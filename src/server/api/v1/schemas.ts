/**
 * The answers of /api/v1, as zod schemas: THE definition of every v1 field. The router passes each answer
 * through its schema before sending it (fields the site's own endpoints add later never reach v1; a missing
 * field is a 500 in the tests, not a silent change), and openapi.ts generates the OpenAPI document from them.
 * v1 only grows: fields are added, never renamed, retyped or removed (a breaking change is v2).
 */
import '../../../lib/params/zodSetup';
import { z } from 'zod';
import { BETTER_WAYS, COLUMN_UNITS, REGISTRY } from '../../../lib/tables/columnRegistry';

const int = () => z.number().int();
const seasonLabel = () => z.string().describe('Season label, e.g. "2022-23".');
const nullableNumber = () => z.number().nullable();

export const ErrorBody = z
  .object({
    error: z.string().describe('What went wrong, in a sentence.'),
    param: z.string().optional().describe('The query parameter at fault, when one is.'),
  })
  .meta({ id: 'Error', description: 'Every 4xx and 5xx answer.' });

export const Column = z
  .object({
    key: z.string().describe('The row field.'),
    label: z.string().describe('The column header on the site.'),
    format: z.enum(COLUMN_UNITS).describe('rate: per possession or per 100; percent: 0-100; seconds: a duration; money: US dollars.'),
    definition: z.string().describe('How the number is computed (METRICS.md; the guides on the site).'),
  })
  .meta({ id: 'Column', description: 'A column of a metric set: one numeric field of each row.' });

export const LineupPlayer = z.object({ player_id: int(), name: z.string() }).meta({ id: 'LineupPlayer', description: 'A player of a lineup row (`players`).' });
const cell = z.union([z.number(), z.string(), z.boolean(), z.null(), z.array(z.union([z.number(), z.string()])), z.array(LineupPlayer)]);
export const TableRow = z.record(z.string(), cell).meta({
  id: 'TableRow',
  description:
    'One row of a table. Its identity fields depend on the page kind (player_id, name, position, team, season, game_id, date, opponent, lineup_id or unit, players ...); ' +
    'its numbers are the `columns` of the answer, each with its definition. Player tables add `{key}_pct` (the percentile in his position group, 0-100) for rate columns; ' +
    "on/off tables give `{key}_on`, `{key}_off` and, for rates and percents, `{key}_diff` (on minus off), with `{key}_on_pct` and `{key}_diff_pct` (the league's players of his position group). " +
    'Aliases kept from before one key meant one formula: rows of the player sets OffensiveOverview carry `tov_pct` (= `tov_play_pct`, TOV per play) and FoulDrawing `ft_rate` (= `fta_rate`, FTA / FGA), each with its `_pct`; in team sets `tov_pct` is TOV per possession and `ft_rate` FTM / FGA.',
});

export const TableAnswer = z
  .object({
    page: z.string().describe('The page kind asked for.'),
    entity: z.string().nullable().describe('The player id, team abbreviation or game id of the page; null for league-wide pages.'),
    side: z.enum(['offense', 'defense']),
    filters: z
      .record(z.string(), z.array(z.string()))
      .describe(
        'The filters the numbers are under, as query keys and values: the season, its type and garbage time always, the others when applied (a range as {key}_low and {key}_high).',
      ),
    metric_set: z.string().describe('The metric set the rows carry (its value; /api/v1/metric_sets lists them).'),
    guide: z.string().nullable().describe('The guide on the site that explains this set and its columns (a path, e.g. /stats/guides/four-factors).'),
    note: z.string().optional().describe('Why the table is empty when it is by design (e.g. no preseason data).'),
    below_min: z
      .object({ rows: int(), min: int() })
      .optional()
      .describe('Lineup pages whose minimum possessions (min_poss) leave no lineup: how many lineups of the sample are below it.'),
    columns: z.array(Column),
    rows: z.array(TableRow),
  })
  .meta({ id: 'TableAnswer', description: "A stats table: the same numbers as the site's page with the same filters." });

export const MetricSetsAnswer = z
  .object({
    page: z.string(),
    side: z.enum(['offense', 'defense']),
    sets: z.array(
      z.object({
        value: z.string().describe('Pass as metric_set.'),
        label: z.string(),
        group: z.enum(['Player', 'Team', 'Opponent', 'none']).describe("Whose numbers: the player's, his team's (offense) or the opponents' (defense)."),
        layout: z.enum(['plain', 'onoff']).describe('onoff: each column comes as {key}_on, {key}_off and, for rates and percents, {key}_diff.'),
        guide: z.string().nullable().describe('The guide on the site that explains this set and its columns (a path, e.g. /stats/guides/four-factors).'),
        columns: z.array(Column),
      }),
    ),
  })
  .meta({ id: 'MetricSetsAnswer', description: 'The metric sets of a page kind and side, with every column defined.' });

const BoxLine = {
  sec: int().describe('Seconds played.'),
  fgm: int(),
  fga: int(),
  fg3m: int(),
  fg3a: int(),
  ftm: int(),
  fta: int(),
  oreb: int(),
  dreb: int(),
  ast: int(),
  stl: int(),
  blk: int(),
  tov: int(),
  pf: int(),
  pts: int(),
  plus_minus: int().describe('Points scored minus points allowed while on the floor.'),
};

const GameTeam = z.object({
  team: z.string().describe('Current abbreviation of the franchise.'),
  abbr_then: z.string().describe('Its abbreviation at the time of the game.'),
  name: z.string(),
  pts: int(),
  pts_by_period: z.array(int()).describe('Points per period (quarters, then overtimes).'),
  starters: z.array(z.object({ player_id: int(), name: z.string() })),
  players: z.array(z.object({ player_id: int(), name: z.string(), starter: z.boolean(), ...BoxLine })),
  totals: z.object({ ...BoxLine, possessions: int() }),
});

export const GameAnswer = z
  .object({
    game_id: z.string().describe("The league's 10-digit game id."),
    date: z.string().describe('YYYY-MM-DD'),
    season: seasonLabel(),
    season_start: int(),
    season_type: z.string().describe('regular or playoffs'),
    periods: int(),
    away: GameTeam,
    home: GameTeam,
  })
  .meta({ id: 'GameAnswer', description: "A game's box score: each team's players and totals, away team first." });

export const PossessionRow = z
  .object({
    poss_num: int().describe("1-based number of the possession in the game (technical rows carry their possession's)."),
    period: int().describe('1-4 quarters, 5+ overtimes.'),
    start_clock: int().describe('Seconds left in the period at the start.'),
    end_clock: int().describe('Seconds left in the period at the end.'),
    offense: z.string().describe("The offense's team abbreviation."),
    defense: z.string(),
    score_diff: int().describe('Offense score minus defense score at the start.'),
    start_type: z.string().describe('How the offense got the ball (after_made_fg, after_dreb, after_steal ...).'),
    possessions: int().describe('1; 0 on a technical row (technical free throws credited to the ten on the floor at the foul).'),
    garbage_time: z.boolean().describe('Garbage time or an end-of-quarter heave (left out by default on the site).'),
    offense_players: z.array(int()).describe("The offense's five player ids."),
    defense_players: z.array(int()).describe("The defense's five player ids."),
    pts: int(),
    fga: int(),
    fgm: int(),
    fg3a: int(),
    fg3m: int(),
    fta: int(),
    ftm: int(),
    tov: int(),
    oreb: int(),
    ast: int(),
    stl: int(),
    blk: int(),
  })
  .meta({ id: 'PossessionRow', description: 'One possession with the ten players on the floor.' });

export const PossessionsAnswer = z
  .object({ game_id: z.string(), possessions: z.array(PossessionRow) })
  .meta({ id: 'PossessionsAnswer', description: 'Every possession of a game, in order.' });

export const PlayerSearchHit = z.object({
  name: z.string(),
  second_spectrum_id: int().describe('The player id.'),
  path: z.string().describe('His profile on the site.'),
  first_season: seasonLabel(),
  last_season: seasonLabel(),
  team: z.string().describe('His last team.'),
  minutes: z.number(),
});

export const SearchAnswer = z
  .object({ players: z.array(PlayerSearchHit) })
  .meta({ id: 'SearchAnswer', description: 'Players whose name matches, best first (accents and case ignored).' });

const CareerLine = z.object({
  season: z.string(),
  label: z.string().describe("The row's label: a season, or the seasons a career row covers."),
  season_start: int().nullable(),
  season_type: z.string(),
  team: z.string().nullable(),
  teams: z.array(z.string()),
  age: int()
    .nullable()
    .describe("His age that season (whole years late in the regular season, as the league's player bios give it); null on career rows and when unknown."),
  position: z.string().nullable(),
  games: int(),
  starts: int(),
  ...BoxLine,
  poss: int().describe('Offensive possessions on the floor.'),
  values: z
    .record(z.string(), nullableNumber())
    .describe('Rates: usage, psa, pts_per_100, ast_pct, tov_play_pct (TOV per play; also as its alias tov_pct), efg_pct, fg3_pct, ft_pct.'),
  percentiles: z.record(z.string(), nullableNumber()).describe("Each rate's percentile in his position group that season (0-100)."),
  qualified: z.boolean().optional(),
});

export const CareerAnswer = z
  .object({ player_id: int(), rows: z.array(CareerLine), totals: z.array(CareerLine) })
  .meta({ id: 'CareerAnswer', description: "A player's season lines and career totals, regular season and playoffs apart." });

export const PlayerAnswer = z
  .object({
    player_id: int(),
    name: z.string(),
    first_season: seasonLabel(),
    last_season: seasonLabel(),
    position: z.string().describe('His estimated position group in his last season.'),
    height_in: z.number().nullable(),
    teams: z.array(z.object({ abbr: z.string(), name: z.string() })),
    seasons: z.array(
      z.object({
        season: seasonLabel(),
        season_start: int(),
        season_type: z.string(),
        team: z.string(),
        teams: z.array(z.string()),
        games: int(),
        seconds: z.number(),
        position: z.string(),
      }),
    ),
  })
  .meta({ id: 'PlayerAnswer', description: 'A player: his teams and his seasons.' });

const ShotZone = z.object({
  zone: z.string().describe('rim, short_mid, long_mid, corner_3, above_break_3.'),
  fga: int(),
  fgm: int(),
  league_fga_share: z
    .number()
    .nullable()
    .describe("The league's share of shots from this zone (percent); null when the league has no attempt under these filters."),
  league_fg_pct: z.number().nullable().describe("The league's FG% from this zone; null without an attempt there."),
  fg_pct_percentile: z.number().nullable().describe('Accuracy percentile in the pool (0-100).'),
  fga_share_percentile: z.number().nullable().describe('Frequency percentile in the pool (0-100).'),
});

const ShotSample = {
  fga: int().describe('Field-goal attempts in the sample.'),
  fgm: int(),
  zones: z.array(ShotZone),
  binning: z.enum(['hex', 'points']).describe('How bins are made: hexagons of hex_radius feet, or one bin per shot (points).'),
  located_fga: int().describe('Attempts with a location (the shot chart).'),
  corners: z
    .object({ left: z.object({ fga: int(), fgm: int() }), right: z.object({ fga: int(), fgm: int() }) })
    .describe('The located corner threes of each corner (left: x < 0), which the corner3 zone counts together.'),
  bins: z.array(
    z.object({
      x: z.number().describe('Feet from the basket, sideways.'),
      y: z.number().describe('Feet from the baseline.'),
      fga: int(),
      fgm: int(),
      zone: z.string(),
    }),
  ),
};

export const ShotsAnswer = z
  .object({
    ...ShotSample,
    hex_radius: z.number(),
    locations: z.enum(['all', 'partial', 'none']).describe('Whether the seasons asked have shot locations.'),
    seasons_without_locations: z.array(z.string()),
    pool: z.string().nullable().describe('Who the percentiles compare with; null for league-wide samples (League, Players, Lineups: no percentiles).'),
    by_team: z
      .array(z.object({ team: z.string(), ...ShotSample }))
      .optional()
      .describe("Game pages: each team's attempts, away team first."),
    note: z.string().optional().describe('Why the sample is empty by design (e.g. no preseason data).'),
  })
  .meta({ id: 'ShotsAnswer', description: "Shots of a page's sample by zone, with percentiles, and hexagonal bins for a chart." });

export const TeamsAnswer = z
  .object({
    teams: z.array(
      z
        .object({
          abbr: z.string(),
          name: z.string(),
          games: int(),
          overview: z
            .record(z.string(), z.number().nullable())
            .describe('Record, ratings (ortg, drtg, net per 100 possessions), pace and the four factors on both sides.'),
          offense: z.record(z.string(), z.number().nullable()).describe("The offense's numbers (four factors, shot zones, halfcourt, putbacks, transition)."),
          defense: z.record(z.string(), z.number().nullable()).describe('The same of its opponents.'),
        })
        .catchall(z.unknown()),
    ),
  })
  .meta({ id: 'TeamsAnswer', description: "Every team of the seasons asked, as the site's teams table." });

const CompareLine = z.object({
  field: z.string().describe('The row field of the players table this line shows (a column, or {column}_on / _off / _diff).'),
  label: z.string(),
  format: z.string(),
  definition: z.string(),
  better: z.enum(BETTER_WAYS).describe('Which way is better; style: neither (no best is marked).'),
});

export const CompareAnswer = z
  .object({
    side: z.enum(['offense', 'defense']),
    set: z.object({ value: z.string(), label: z.string(), clientQueryParam: z.string(), group: z.string(), layout: z.string() }),
    sets: z.array(z.object({ value: z.string(), label: z.string(), clientQueryParam: z.string() })).describe('The sets offered on this side.'),
    lines: z.array(CompareLine),
    players: z.array(
      z.object({
        player_id: int(),
        name: z.string(),
        span: z.array(int()).describe('First and last season (start years).'),
        seasons: z.string().describe('"2012-13" or "2010-11 to 2012-13".'),
        played: z.array(int()).describe('Every season he played (start years).'),
        team: z.string().nullable(),
        position: z.string().nullable().describe('His position group: the pool of his percentiles.'),
        qualified: z.boolean().describe("At least the players table's minimum of possessions: ranked, with percentiles."),
        found: z.boolean().describe('false: no possessions in his seasons with these filters.'),
        values: z.record(z.string(), nullableNumber()).describe("His players-table row: each line's value."),
        percentiles: z.record(z.string(), nullableNumber()).describe("Each line's percentile in his position group (0-100, 100 best)."),
      }),
    ),
    best: z.record(z.string(), z.array(int())).describe('Per line: the indexes of the players with its best value (ties all; none for style lines).'),
  })
  .meta({ id: 'CompareAnswer', description: "Players side by side: each one's players-table row for his seasons, the best of each line marked." });

const SimilarFeatures = z
  .record(z.string(), nullableNumber())
  .describe('The raw profile features (see the guide "Similar players"): feature names, not table columns (tov_pct is TOV per play, ft_rate FTA / FGA).');

export const SimilarAnswer = z
  .object({
    player_id: int(),
    name: z.string(),
    season: z.string(),
    season_start: int(),
    profile: z
      .object({ team: z.string().nullable(), position: z.string(), age: z.number().nullable(), minutes: int(), features: SimilarFeatures })
      .nullable()
      .describe('null: no profile that season (under 500 regular-season minutes).'),
    message: z.string().nullable(),
    seasons: z.array(int()).describe('The seasons he has a profile in, newest first.'),
    features: z.array(z.object({ key: z.string(), label: z.string(), weight: z.number(), format: z.string() })),
    similar: z.array(
      z.object({
        rank: int(),
        player_id: int(),
        name: z.string(),
        season: seasonLabel(),
        season_start: int(),
        team: z.string().nullable(),
        position: z.string(),
        age: z.number().nullable(),
        minutes: int(),
        distance: z.number().describe('Weighted distance of the season-standardised profiles (smaller is closer).'),
        closest: z.array(z.string()).describe('The features that add least to the distance.'),
        reason: z.string(),
        features: SimilarFeatures,
      }),
    ),
  })
  .meta({ id: 'SimilarAnswer', description: "The player-seasons most similar to a player's season, nearest first, with why." });
const WowyFactors = z.object({ efg_pct: nullableNumber(), tov_pct: nullableNumber(), orb_pct: nullableNumber(), ft_rate: nullableNumber() }).meta({
  id: 'WowyFactors',
  description: `The four factors of one side (percentages 0-100): ${(['efg_pct', 'tov_pct', 'orb_pct', 'ft_rate'] as const).map((k) => `${k} = ${REGISTRY[k].formula}`).join('; ')}.`,
});

const WowyCell = z
  .object({
    off_poss: int().describe("The team's offensive possessions in this state."),
    def_poss: int().describe('Its defensive possessions.'),
    minutes: z.number().describe('Minutes played in this state (possession time, both sides).'),
    pts_for: int(),
    pts_against: int(),
    ortg: nullableNumber().describe('Points per 100 offensive possessions.'),
    drtg: nullableNumber().describe("Opponents' points per 100 defensive possessions."),
    net: nullableNumber().describe('ortg - drtg.'),
    off: WowyFactors.optional().describe("With four_factors=true: the team's four factors."),
    def: WowyFactors.optional().describe("With four_factors=true: its opponents' four factors."),
  })
  .meta({ id: 'WowyCell', description: 'The team over one state of a pair (both on, one without the other, both off).' });

export const WowyAnswerSchema = z
  .object({
    team: z.string(),
    n: int(),
    four_factors: z.boolean(),
    players: z
      .array(z.object({ player_id: int(), name: z.string(), minutes: z.number(), rank: int().describe('0 = most minutes.') }))
      .describe('The top n by minutes, most first.'),
    team_total: WowyCell,
    pairs: z
      .array(z.object({ a: int(), b: int(), both: WowyCell, a_only: WowyCell, b_only: WowyCell, neither: WowyCell }))
      .describe('Every pair, a ranked above b; a pair of a player with himself carries his on (both) and off (neither) numbers.'),
    note: z.string().optional(),
  })
  .meta({ id: 'WowyAnswer', description: "A team's two-man with/without matrix." });

const RapmFit = z
  .object({
    season_from: int().describe('First season of the fit (start year).'),
    season_to: int().describe('Last season of the fit; equal to season_from for one season.'),
    label: z.string().describe('"2022-23" or "2020-21 to 2022-23".'),
    penalty: z.number().describe('The ridge penalty (possessions) chosen by cross-validation.'),
    players: int().describe('Players in the fit (every one who played a possession outside garbage time).'),
  })
  .meta({ id: 'RapmFit', description: 'One RAPM fit: a season, or a three-season window.' });

const rapmValues = {
  off: z.number().describe('Offensive RAPM: points per 100 possessions his presence adds on offense, against an average player.'),
  def: z.number().describe('Defensive RAPM: points per 100 possessions his presence saves on defense (higher is better).'),
  total: z.number().describe('off + def.'),
};

export const RapmAnswer = z
  .object({
    fit: RapmFit,
    min_poss: int().describe('Minimum possessions (offense plus defense) of a row and of the percentile pool.'),
    position: z.string().nullable().describe('The position group asked for, or null for every position.'),
    sort: z.string(),
    order: z.enum(['desc', 'asc']),
    qualified: int().describe('Players of the fit at or above min_poss, every position: the pool of ranks and percentiles.'),
    rows: z.array(
      z.object({
        rank: int().describe('Rank by total RAPM among the qualified players (every position).'),
        player_id: int(),
        name: z.string(),
        url: z.string().describe('His profile page on the site (a path).'),
        team: z.string().nullable().describe('His main team in the last season of the fit he played.'),
        teams: z.array(z.string()).describe('Every team he played for in that season, in order (a traded player has two or more).'),
        position: z.string().nullable().describe('His estimated position group that season.'),
        ...rapmValues,
        off_pct: int().describe('Percentile (0-100) of off among the qualified players.'),
        def_pct: int(),
        total_pct: int(),
        off_poss: int().describe('Offensive possessions in the fit.'),
        def_poss: int().describe('Defensive possessions in the fit.'),
        possessions: int().describe('off_poss + def_poss.'),
      }),
    ),
  })
  .meta({ id: 'RapmAnswer', description: 'The RAPM leaderboard of one fit (guide: /stats/guides/rapm).' });

export const PlayerRapmAnswer = z
  .object({
    player_id: int(),
    fits: z.array(
      z.object({
        season_from: int(),
        season_to: int(),
        label: z.string(),
        team: z.string().nullable(),
        position: z.string().nullable(),
        ...rapmValues,
        possessions: int().describe('Possessions on the floor in the fit, offense plus defense.'),
        min_poss: int().describe('The default minimum of the fit (2,000 per season) his percentiles are computed at.'),
        qualified: z.boolean().describe('Whether he reaches min_poss; without, no rank or percentiles.'),
        off_pct: int().nullable(),
        def_pct: int().nullable(),
        total_pct: int().nullable(),
        rank: int().nullable().describe('Rank by total among the qualified players of the fit.'),
        pool: int().describe('Players of the fit at or above min_poss.'),
      }),
    ),
  })
  .meta({ id: 'PlayerRapmAnswer', description: "A player's RAPM per season (newest first), then over three-season windows." });
