/**
 * League: one tap to every season the database holds (the league's history side by side), or back to the latest
 * season. It sets the Season filter alone, from the applied filters (a draft left unapplied in the filter bar is
 * dropped, as Reset does), and applies it: URL, pill and data follow as for any filter. Shown on League only.
 * Example: /stats/league -> "All seasons" -> /stats/league?season=2003&season=2004&...&season=2022 (20 rows).
 */
import { useStore } from '@nanostores/react';
import { latestSeason, seasonsInWords, SEASONS } from '../lib/league/seasons';
import { $filters, discardChanges, setFilter } from '../stores/filterState';
import { $page } from '../stores/page';
import { applyAndFetch } from '../stores/statsApp';

export default function SeasonShortcut() {
  const page = useStore($page);
  const filters = useStore($filters);
  if (page.kind !== 'League' || SEASONS.length < 2) return null;
  const applied = filters.applied.Season as readonly number[];
  const every = SEASONS.every((s) => applied.includes(s));
  const latest = applied.length === 1 && applied[0] === latestSeason();
  const choose = (seasons: number[]) => {
    discardChanges();
    // Season is open to everyone (no plan needed): the flag only matters for gated filters.
    setFilter('Season', seasons, { authenticated: true });
    void applyAndFetch();
  };
  return (
    <div className="sa-segmented" role="group" aria-label="Seasons shown" data-testid="season-shortcut">
      <button type="button" aria-pressed={latest} onClick={() => choose([latestSeason()])}>
        Latest season
      </button>
      <button type="button" aria-pressed={every} title={seasonsInWords()} onClick={() => choose([...SEASONS])}>
        All seasons
      </button>
    </div>
  );
}
