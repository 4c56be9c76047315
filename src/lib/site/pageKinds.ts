/**
 * The 18 page kinds of the stats area (spec section 3), and GamePlayByPlay (the game's play-by-play,
 * game flow and stints, a server-rendered view with no /api/data table) and TeamWowy (a team's two-man
 * with/without matrix, answered by /api/team_wowy, src/lib/views/wowy.ts). The value is what the client sends as
 * `page` to GET /api/data and what the route module returns for a path.
 */
export const PAGE_KINDS = [
  'League',
  'Players',
  'Lineups',
  'PlayerProfile',
  'PlayerPositions',
  'PlayerOnOff',
  'PlayerGameLog',
  'PlayerLineups',
  'TeamPlayers',
  'TeamOnOff',
  'TeamTeam',
  'TeamGameLog',
  'TeamLineups',
  'TeamSalaries',
  'TeamWowy',
  'GamePlayers',
  'GameTeam',
  'GamePreview',
  'GamePlayByPlay',
  'NonStats',
] as const;

export type PageKind = (typeof PAGE_KINDS)[number];

/** Page kinds whose /api/data request carries no `side` (spec section 7). */
export const PAGE_KINDS_WITHOUT_SIDE: ReadonlySet<PageKind> = new Set<PageKind>([
  'TeamPlayers',
  'PlayerProfile',
  'PlayerPositions',
  'PlayerGameLog',
  'Players',
  'GamePlayers',
  'GameTeam',
]);

/**
 * Page kinds whose request carries a side (spec section 7) but whose numbers are the same on both: the toggle
 * would change nothing, so it is not shown. Team salaries (no offense or defense); League (every possession is
 * counted once from both ends: the 2022-23 Summary row is byte for byte the same answer with side=offense and
 * side=defense); Team game log (each game's line carries the team and its opponent, whatever the side).
 */
export const PAGE_KINDS_SIDE_SHOWS_NOTHING: ReadonlySet<PageKind> = new Set<PageKind>(['TeamSalaries', 'League', 'TeamGameLog']);

/** The two sides of a view with a side: the team's offense or its defense (what opponents do against it). */
export const SIDES = ['offense', 'defense'] as const;
export type Side = (typeof SIDES)[number];

/**
 * Page kinds that have table data (NonStats has none; GamePlayByPlay is drawn on the server from game_events;
 * TeamWowy's matrix comes from /api/team_wowy).
 */
export type DataPageKind = Exclude<PageKind, 'NonStats' | 'GamePlayByPlay' | 'TeamWowy'>;
export const DATA_PAGE_KINDS = PAGE_KINDS.filter((k) => k !== 'NonStats' && k !== 'GamePlayByPlay' && k !== 'TeamWowy') as DataPageKind[];

/** Does the page kind read /api/data? */
export const isDataPageKind = (kind: PageKind): kind is DataPageKind => (DATA_PAGE_KINDS as readonly PageKind[]).includes(kind);
