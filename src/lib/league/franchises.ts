/**
 * The 30 franchises of the league. One team id is one franchise across relocations and renames;
 * `historicalAbbrs` lists the abbreviations the franchise published under in 2003-04..2022-23.
 * `id` is a stable uuid (v5 of the league team id) used by the spec's Team entity; `teamId` is the league id
 * found in the play-by-play. Colours are used to draw our own logos (no trademarked art).
 */
export interface Team {
  /** stable uuid */
  id: string;
  /** league team id (1610612737..1610612766) */
  teamId: number;
  /** current abbreviation, upper case */
  abbr: string;
  /** full name, e.g. "Boston Celtics" */
  name: string;
  /** nickname, e.g. "Celtics" */
  short_name: string;
  city: string;
  historicalAbbrs: readonly string[];
  colors: { primary: string; secondary: string };
  /** the names the franchise played under before its current one, by season (none: always as today) */
  formerNames?: readonly FormerName[];
}

/**
 * A name the franchise played under, from season `from` to season `to` (start years, both included). Without
 * colours the roundel is today's (the abbreviation did not change).
 */
export interface FormerName {
  from: number;
  to: number;
  abbr: string;
  name: string;
  short_name: string;
  city: string;
  colors?: { primary: string; secondary: string };
}

/** Teal and purple of the New Orleans Hornets (NOH, NOK). */
const HORNETS_NEW_ORLEANS = { primary: '#00778B', secondary: '#280071' } as const;

export const TEAMS: readonly Team[] = [
  {
    id: '4719fc11-6e5c-5939-b6ec-dbf42c3d64e1',
    teamId: 1610612737,
    abbr: 'ATL',
    name: 'Atlanta Hawks',
    short_name: 'Hawks',
    city: 'Atlanta',
    historicalAbbrs: [],
    colors: { primary: '#E03A3E', secondary: '#26282A' },
  },
  {
    id: '2526a50f-97c6-5149-b01c-c9aefa2eb9fb',
    teamId: 1610612751,
    abbr: 'BKN',
    name: 'Brooklyn Nets',
    short_name: 'Nets',
    city: 'Brooklyn',
    historicalAbbrs: ['NJN'],
    colors: { primary: '#000000', secondary: '#FFFFFF' },
    formerNames: [
      {
        from: 2003,
        to: 2011,
        abbr: 'NJN',
        name: 'New Jersey Nets',
        short_name: 'Nets',
        city: 'New Jersey',
        colors: { primary: '#002A60', secondary: '#CD1041' },
      },
    ],
  },
  {
    id: '4defee66-b8a2-557a-9dfc-79555f5a6db0',
    teamId: 1610612738,
    abbr: 'BOS',
    name: 'Boston Celtics',
    short_name: 'Celtics',
    city: 'Boston',
    historicalAbbrs: [],
    colors: { primary: '#007A33', secondary: '#BA9653' },
  },
  {
    id: '8fd96b37-4cae-54c5-8999-fafdadbdb3f7',
    teamId: 1610612766,
    abbr: 'CHA',
    name: 'Charlotte Hornets',
    short_name: 'Hornets',
    city: 'Charlotte',
    historicalAbbrs: [],
    colors: { primary: '#1D1160', secondary: '#00788C' },
    // The franchise joined the league in 2004-05 as the Bobcats, under the abbreviation it keeps (one roundel).
    formerNames: [{ from: 2004, to: 2013, abbr: 'CHA', name: 'Charlotte Bobcats', short_name: 'Bobcats', city: 'Charlotte' }],
  },
  {
    id: 'e73d6dc2-e6e9-5cd0-8465-b5ba8a5aabea',
    teamId: 1610612741,
    abbr: 'CHI',
    name: 'Chicago Bulls',
    short_name: 'Bulls',
    city: 'Chicago',
    historicalAbbrs: [],
    colors: { primary: '#CE1141', secondary: '#000000' },
  },
  {
    id: '155f743f-e224-560c-85b1-41bb7bb114d3',
    teamId: 1610612739,
    abbr: 'CLE',
    name: 'Cleveland Cavaliers',
    short_name: 'Cavaliers',
    city: 'Cleveland',
    historicalAbbrs: [],
    colors: { primary: '#860038', secondary: '#FDBB30' },
  },
  {
    id: 'a6f340ca-eaf5-5898-8b0c-76c08375a73e',
    teamId: 1610612742,
    abbr: 'DAL',
    name: 'Dallas Mavericks',
    short_name: 'Mavericks',
    city: 'Dallas',
    historicalAbbrs: [],
    colors: { primary: '#00538C', secondary: '#B8C4CA' },
  },
  {
    id: '6e44db6f-15f9-5c81-9d44-1edf37328fa9',
    teamId: 1610612743,
    abbr: 'DEN',
    name: 'Denver Nuggets',
    short_name: 'Nuggets',
    city: 'Denver',
    historicalAbbrs: [],
    colors: { primary: '#0E2240', secondary: '#FEC524' },
  },
  {
    id: '137e10ba-73c1-597e-b6c0-0e967f6f180e',
    teamId: 1610612765,
    abbr: 'DET',
    name: 'Detroit Pistons',
    short_name: 'Pistons',
    city: 'Detroit',
    historicalAbbrs: [],
    colors: { primary: '#C8102E', secondary: '#1D42BA' },
  },
  {
    id: 'ce0bd83d-4a17-509c-b308-a9f71d10d10c',
    teamId: 1610612744,
    abbr: 'GSW',
    name: 'Golden State Warriors',
    short_name: 'Warriors',
    city: 'Golden State',
    historicalAbbrs: [],
    colors: { primary: '#1D428A', secondary: '#FFC72C' },
  },
  {
    id: '64608199-309a-598c-b1de-b112d66fe4f9',
    teamId: 1610612745,
    abbr: 'HOU',
    name: 'Houston Rockets',
    short_name: 'Rockets',
    city: 'Houston',
    historicalAbbrs: [],
    colors: { primary: '#CE1141', secondary: '#C4CED4' },
  },
  {
    id: '92187246-e687-5b4a-9d29-ba9a31939374',
    teamId: 1610612754,
    abbr: 'IND',
    name: 'Indiana Pacers',
    short_name: 'Pacers',
    city: 'Indiana',
    historicalAbbrs: [],
    colors: { primary: '#002D62', secondary: '#FDBB30' },
  },
  {
    id: '8929a49b-a269-50f7-8ac1-c66e5ca6932f',
    teamId: 1610612746,
    abbr: 'LAC',
    name: 'Los Angeles Clippers',
    short_name: 'Clippers',
    city: 'Los Angeles',
    historicalAbbrs: [],
    colors: { primary: '#C8102E', secondary: '#1D428A' },
  },
  {
    id: 'bfe1a58a-0d34-5438-887e-bfd4b47c6b04',
    teamId: 1610612747,
    abbr: 'LAL',
    name: 'Los Angeles Lakers',
    short_name: 'Lakers',
    city: 'Los Angeles',
    historicalAbbrs: [],
    colors: { primary: '#552583', secondary: '#FDB927' },
  },
  {
    id: 'ce618298-3f6d-53b8-b9e0-4b3341d66856',
    teamId: 1610612763,
    abbr: 'MEM',
    name: 'Memphis Grizzlies',
    short_name: 'Grizzlies',
    city: 'Memphis',
    historicalAbbrs: [],
    colors: { primary: '#5D76A9', secondary: '#12173F' },
  },
  {
    id: '7c0d5698-6c3b-582e-aeda-22638e114aee',
    teamId: 1610612748,
    abbr: 'MIA',
    name: 'Miami Heat',
    short_name: 'Heat',
    city: 'Miami',
    historicalAbbrs: [],
    colors: { primary: '#98002E', secondary: '#F9A01B' },
  },
  {
    id: 'd64d8861-1f7a-515f-84a4-6da1fb315c19',
    teamId: 1610612749,
    abbr: 'MIL',
    name: 'Milwaukee Bucks',
    short_name: 'Bucks',
    city: 'Milwaukee',
    historicalAbbrs: [],
    colors: { primary: '#00471B', secondary: '#EEE1C6' },
  },
  {
    id: 'a2edc6cf-ae6d-5b45-8f98-4cee5b16d8ca',
    teamId: 1610612750,
    abbr: 'MIN',
    name: 'Minnesota Timberwolves',
    short_name: 'Timberwolves',
    city: 'Minnesota',
    historicalAbbrs: [],
    colors: { primary: '#0C2340', secondary: '#78BE20' },
  },
  {
    id: 'd64acfc2-7fc8-5fde-968b-93d2c6fe5f07',
    teamId: 1610612740,
    abbr: 'NOP',
    name: 'New Orleans Pelicans',
    short_name: 'Pelicans',
    city: 'New Orleans',
    historicalAbbrs: ['NOH', 'NOK'],
    colors: { primary: '#0C2340', secondary: '#C8102E' },
    formerNames: [
      { from: 2003, to: 2004, abbr: 'NOH', name: 'New Orleans Hornets', short_name: 'Hornets', city: 'New Orleans', colors: HORNETS_NEW_ORLEANS },
      {
        from: 2005,
        to: 2006,
        abbr: 'NOK',
        name: 'New Orleans/Oklahoma City Hornets',
        short_name: 'Hornets',
        city: 'New Orleans/Oklahoma City',
        colors: HORNETS_NEW_ORLEANS,
      },
      { from: 2007, to: 2012, abbr: 'NOH', name: 'New Orleans Hornets', short_name: 'Hornets', city: 'New Orleans', colors: HORNETS_NEW_ORLEANS },
    ],
  },
  {
    id: 'a3d1a3ae-e01b-5d5a-b755-7bc5a0bc9732',
    teamId: 1610612752,
    abbr: 'NYK',
    name: 'New York Knicks',
    short_name: 'Knicks',
    city: 'New York',
    historicalAbbrs: [],
    colors: { primary: '#006BB6', secondary: '#F58426' },
  },
  {
    id: '61b17ce5-b679-546f-9e2e-60898d2e19f4',
    teamId: 1610612760,
    abbr: 'OKC',
    name: 'Oklahoma City Thunder',
    short_name: 'Thunder',
    city: 'Oklahoma City',
    historicalAbbrs: ['SEA'],
    colors: { primary: '#007AC1', secondary: '#EF3B24' },
    formerNames: [
      {
        from: 2003,
        to: 2007,
        abbr: 'SEA',
        name: 'Seattle SuperSonics',
        short_name: 'SuperSonics',
        city: 'Seattle',
        colors: { primary: '#00653A', secondary: '#FFC200' },
      },
    ],
  },
  {
    id: '2815b603-0865-59f9-97f1-75fbdf4788a8',
    teamId: 1610612753,
    abbr: 'ORL',
    name: 'Orlando Magic',
    short_name: 'Magic',
    city: 'Orlando',
    historicalAbbrs: [],
    colors: { primary: '#0077C0', secondary: '#C4CED4' },
  },
  {
    id: 'f4a78e29-3e67-53aa-b07e-8ba6f287f13c',
    teamId: 1610612755,
    abbr: 'PHI',
    name: 'Philadelphia 76ers',
    short_name: '76ers',
    city: 'Philadelphia',
    historicalAbbrs: [],
    colors: { primary: '#006BB6', secondary: '#ED174C' },
  },
  {
    id: '954eb03c-487e-524f-86ff-71f3355f3237',
    teamId: 1610612756,
    abbr: 'PHX',
    name: 'Phoenix Suns',
    short_name: 'Suns',
    city: 'Phoenix',
    historicalAbbrs: [],
    colors: { primary: '#1D1160', secondary: '#E56020' },
  },
  {
    id: 'b69fc231-350b-57e2-aaf9-ab809a6f16c7',
    teamId: 1610612757,
    abbr: 'POR',
    name: 'Portland Trail Blazers',
    short_name: 'Trail Blazers',
    city: 'Portland',
    historicalAbbrs: [],
    colors: { primary: '#E03A3E', secondary: '#000000' },
  },
  {
    id: 'ad045727-56e2-513c-8a42-0d4ecb3988b3',
    teamId: 1610612758,
    abbr: 'SAC',
    name: 'Sacramento Kings',
    short_name: 'Kings',
    city: 'Sacramento',
    historicalAbbrs: [],
    colors: { primary: '#5A2D81', secondary: '#63727A' },
  },
  {
    id: '6a30aed0-1cae-598b-9338-e42a830f2c7f',
    teamId: 1610612759,
    abbr: 'SAS',
    name: 'San Antonio Spurs',
    short_name: 'Spurs',
    city: 'San Antonio',
    historicalAbbrs: [],
    colors: { primary: '#000000', secondary: '#C4CED4' },
  },
  {
    id: 'aba5cdf1-4078-5ec8-b186-25918e8c3804',
    teamId: 1610612761,
    abbr: 'TOR',
    name: 'Toronto Raptors',
    short_name: 'Raptors',
    city: 'Toronto',
    historicalAbbrs: [],
    colors: { primary: '#CE1141', secondary: '#000000' },
  },
  {
    id: 'b7bf21cf-e7e6-58b2-ab19-c00bd1ec3d8d',
    teamId: 1610612762,
    abbr: 'UTA',
    name: 'Utah Jazz',
    short_name: 'Jazz',
    city: 'Utah',
    historicalAbbrs: [],
    colors: { primary: '#002B5C', secondary: '#F9A01B' },
  },
  {
    id: '1b078cae-b82b-50aa-93ee-1992d590aaf9',
    teamId: 1610612764,
    abbr: 'WAS',
    name: 'Washington Wizards',
    short_name: 'Wizards',
    city: 'Washington',
    historicalAbbrs: [],
    colors: { primary: '#002B5C', secondary: '#E31837' },
  },
];

const byAbbr = new Map<string, Team>();
for (const t of TEAMS) {
  byAbbr.set(t.abbr, t);
  for (const h of t.historicalAbbrs) byAbbr.set(h, t);
}
const byTeamId = new Map<number, Team>(TEAMS.map((t) => [t.teamId, t]));
const byUuid = new Map<string, Team>(TEAMS.map((t) => [t.id, t]));

/** Team by current or historical abbreviation, case-insensitive. */
export function teamByAbbr(abbr: string): Team | undefined {
  return byAbbr.get(abbr.toUpperCase());
}

/** Team by league team id. */
export function teamByTeamId(teamId: number): Team | undefined {
  return byTeamId.get(teamId);
}

/** A team as it was in one season: its abbreviation, names and colours then; `franchise` is the team today. */
export interface SeasonTeam extends Team {
  /** start year of the season (2012 = 2012-13) */
  season: number;
  /** the franchise as it is today: team pages and URLs use its abbreviation */
  franchise: Team;
}

/**
 * The team as it was in a season (start year), for what shows a game, a preview, a box score, a game list or a
 * team's season. Team pages and URLs keep the franchise's current abbreviation (`franchise.abbr`).
 * Example: the New Orleans franchise (NOP, or NOH, or its team id 1610612740) in 2012 (2012-13) is the New
 * Orleans Hornets, NOH, drawn at /img/teams/noh.png; in 2005 the New Orleans/Oklahoma City Hornets (NOK); in 2013
 * and later the New Orleans Pelicans (NOP).
 */
export function teamInSeason(team: Team, season: number): SeasonTeam;
export function teamInSeason(key: Team | string | number, season: number): SeasonTeam | undefined;
export function teamInSeason(key: Team | string | number, season: number): SeasonTeam | undefined {
  const team = typeof key === 'string' ? teamByAbbr(key) : typeof key === 'number' ? teamByTeamId(key) : key;
  if (!team) return undefined;
  const then = team.formerNames?.find((n) => season >= n.from && season <= n.to);
  if (!then) return { ...team, season, franchise: team };
  const { abbr, name, short_name, city, colors = team.colors } = then;
  return { ...team, abbr, name, short_name, city, colors, season, franchise: team };
}

/** Team by uuid. */
export function teamByUuid(id: string): Team | undefined {
  return byUuid.get(id);
}
