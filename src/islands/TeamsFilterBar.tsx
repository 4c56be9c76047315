/**
 * The 30-team table's filter bar (/stats/teams; src/islands/LinkFilterBar.tsx: Apply loads the URL, the server reads
 * and gates it), with every filter of the stats pages (TEAMS_TABLE_FILTERS), paid ones locked without the plan. The
 * URL is written by teamsFiltersHref (side, set and sort kept) and read by src/lib/params/teamsTableParams.ts. An applied
 * lineup filter is named under the bar, players by name (src/lib/filters/lineupCaption.ts): lineup filters have no pill.
 * Until the bar has started, the page's own GET form shows instead (children: season, season type, garbage time).
 */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import type { FilterValues } from '../lib/filters/filterValues';
import { lineupCaption } from '../lib/filters/lineupCaption';
import { TEAMS_TABLE_FILTERS, teamsFiltersHref } from '../lib/params/teamsTableParams';
import { $filters } from '../stores/filterState';
import { $players } from '../stores/playerNames';
import LinkFilterBar from './LinkFilterBar';

const hrefOf = (search: string, applied: FilterValues, allowed: boolean) => teamsFiltersHref(search, applied, { allowed });

/** The applied lineup filter, players by name (the list loads with the bar; until then, by id). */
function LineupLine() {
  const applied = useStore($filters).applied;
  const players = useStore($players);
  const line = lineupCaption(applied, (id) => players.byId.get(id)?.name);
  return line ? (
    <p className="sa-lineup-caption" data-testid="lineup-caption">
      {line}
    </p>
  ) : null;
}

export default function TeamsFilterBar({ children }: { children?: ReactNode }) {
  return (
    <LinkFilterBar filters={TEAMS_TABLE_FILTERS} hrefOf={hrefOf} className="tt-filterbar" testId="teams-filterbar" below={<LineupLine />}>
      {children}
    </LinkFilterBar>
  );
}
