/** The page kinds that draw charts, and where: trends above the game log table, the rest below the table. */
import type { PageKind } from '../../lib/site/pageKinds';

export const CHARTS_ABOVE_TABLE: ReadonlySet<PageKind> = new Set<PageKind>(['PlayerGameLog', 'TeamGameLog']);
export const CHARTS_BELOW_TABLE: ReadonlySet<PageKind> = new Set<PageKind>(['PlayerProfile', 'TeamTeam', 'GameTeam', 'GamePlayers', 'League']);
