/**
 * One stats page of each page kind on the test database, and the selector of its main table's first data row: what
 * tests/e2e/phone-first-screen.spec.ts asserts on and scripts/measure-phone-first-screen.ts measures.
 */
import type { PageKind } from '../../src/lib/site/pageKinds';

export const GAME = 'SAC_DEN_2023-04-09_0022201227';

/** One page of each kind, and the selector of its main table's first data row. */
export const PHONE_PAGES: Record<Exclude<PageKind, 'NonStats'>, { path: string; row: string }> = {
  League: { path: '/stats/league', row: '.sa-tbody .sa-row' },
  Players: { path: '/stats/players', row: '.sa-tbody .sa-row' },
  Lineups: { path: '/stats/lineups', row: '.sa-tbody .sa-row' },
  PlayerProfile: { path: '/stats/player/profile/lebron_james_2544', row: '.sa-tbody .sa-row' },
  PlayerPositions: { path: '/stats/player/positions/lebron_james_2544', row: '.sa-tbody .sa-row' },
  PlayerOnOff: { path: '/stats/player/onoff/lebron_james_2544', row: '.sa-tbody .sa-row' },
  PlayerGameLog: { path: '/stats/player/gamelog/lebron_james_2544', row: '.sa-tbody .sa-row' },
  PlayerLineups: { path: '/stats/player/lineups/lebron_james_2544', row: '.sa-tbody .sa-row' },
  TeamPlayers: { path: '/stats/team/players/MIA', row: '.sa-tbody .sa-row' },
  TeamOnOff: { path: '/stats/team/onoff/MIA', row: '.sa-tbody .sa-row' },
  TeamTeam: { path: '/stats/team/team/MIA', row: '.sa-tbody .sa-row' },
  TeamGameLog: { path: '/stats/team/gamelog/MIA', row: '.sa-tbody .sa-row' },
  TeamLineups: { path: '/stats/team/lineups/MIA', row: '.sa-tbody .sa-row' },
  // A season with salaries in the test database (its salary data stops in 2019-20).
  TeamSalaries: { path: '/stats/team/salaries/MIA?season=2012', row: '.sa-tbody .sa-row' },
  TeamWowy: { path: '/stats/team/wowy/MIA', row: '[data-testid="wowy"] tbody tr' },
  GameTeam: { path: `/stats/game/team/${GAME}`, row: '.sa-tbody .sa-row' },
  // The box score is the Player stats tab's first table.
  GamePlayers: { path: `/stats/game/players/${GAME}`, row: '.bx-table tbody tr[data-player-id]' },
  GamePreview: { path: '/stats/gamepreview/MIA_DEN_2023-06-12_0042200405', row: '.sa-tbody .sa-row' },
  GamePlayByPlay: { path: `/stats/game/playbyplay/${GAME}`, row: '.pbp-log tbody tr' },
};
