/**
 * The shot chart of a stats page: the attempts of the table's sample (GET /api/shots with the table's query),
 * as zones or hexagonal bins (dots for small samples), one court per team on game pages, with a table of the
 * zones as the text alternative. Seasons without shot locations say so instead of drawing an empty court.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { SHOT_ZONE_LABELS, type ShotSample, type ShotsResponse } from '../../lib/views/shotZones';
import { teamByAbbr } from '../../lib/league/franchises';
import { $gameDetails } from '../../stores/gameDetails';
import { $page } from '../../stores/page';
import { $playerDetails } from '../../stores/playerDetails';
import { $tableData } from '../../stores/tableData';
import { formatCount, formatPct, sampleLabel } from './chartText';
import { diffColor, percentileColor } from './colors';
import ShotCourt, { type ShotMode } from './ShotCourt';
import { useShots } from './useShots';

function whoseShots(kind: string, entity: string | null, side: string | null, playerName: string | null): string {
  if (kind.startsWith('Player') && kind !== 'Players') return playerName ?? `Player ${entity}`;
  if (kind.startsWith('Team') && entity) {
    const name = teamByAbbr(entity)?.name ?? entity;
    return side === 'defense' ? `${name} opponents` : name;
  }
  return 'League';
}

function ZoneTable({ sample, pool, caption }: { sample: ShotSample; pool: string | null; caption: string }) {
  return (
    <table className="shot-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Zone</th>
          <th scope="col">FGM-FGA</th>
          <th scope="col">FG%</th>
          <th scope="col">
            <abbr title="League FG%">Lg FG%</abbr>
          </th>
          <th scope="col">
            <abbr title="Share of FGA">Share</abbr>
          </th>
          <th scope="col">
            <abbr title="League share of FGA">Lg share</abbr>
          </th>
          {pool ? (
            <th scope="col">
              <abbr title={`FG% percentile against ${pool}`}>FG% pctl</abbr>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {sample.zones.map((z) => (
          <tr key={z.zone}>
            <th scope="row">{SHOT_ZONE_LABELS[z.zone]}</th>
            <td>{`${formatCount(z.fgm)}-${formatCount(z.fga)}`}</td>
            <td>{formatPct(z.fga ? (100 * z.fgm) / z.fga : null)}</td>
            <td>{formatPct(z.league_fg_pct)}</td>
            <td>{formatPct(sample.fga ? (100 * z.fga) / sample.fga : null)}</td>
            <td>{formatPct(z.league_fga_share)}</td>
            {pool ? <td>{z.fg_pct_percentile === null ? '–' : Math.round(z.fg_pct_percentile)}</td> : null}
          </tr>
        ))}
        <tr>
          <th scope="row">All</th>
          <td>{`${formatCount(sample.fgm)}-${formatCount(sample.fga)}`}</td>
          <td>{formatPct(sample.fga ? (100 * sample.fgm) / sample.fga : null)}</td>
          <td colSpan={pool ? 4 : 3} />
        </tr>
      </tbody>
    </table>
  );
}

function Legend({ mode, data, sample }: { mode: ShotMode; data: ShotsResponse; sample: ShotSample }) {
  if (mode === 'zones') {
    return (
      <p className="chart-legend">
        <span className="legend-item">
          <span
            className="legend-ramp"
            style={{ background: `linear-gradient(90deg, ${percentileColor(0)}, ${percentileColor(50)}, ${percentileColor(100)})` }}
          />
          {data.pool ? `FG% percentile against ${data.pool}: low to high` : 'FG% percentile'}
        </span>
        {sample.zones.some((z) => z.fg_pct_percentile === null) ? (
          <span className="legend-item">
            <span className="legend-hatch" /> under 10 attempts
          </span>
        ) : null}
      </p>
    );
  }
  if (sample.binning === 'points') {
    return (
      <p className="chart-legend">
        <span className="legend-dot legend-made" /> made <span className="legend-cross">×</span> missed
      </p>
    );
  }
  return (
    <p className="chart-legend">
      <span className="legend-ramp" style={{ background: `linear-gradient(90deg, ${diffColor(-12)}, ${diffColor(0)}, ${diffColor(12)})` }} />
      FG% against the league in the zone (−12 to +12 points); larger = more attempts
    </p>
  );
}

export default function ShotChart() {
  const table = useStore($tableData);
  const page = useStore($page);
  const player = useStore($playerDetails);
  const game = useStore($gameDetails);
  const [mode, setMode] = useState<ShotMode>('zones');
  // Wide screens show the zone table beside the court; phones keep it folded under the court.
  const [wide] = useState(() => window.matchMedia('(min-width: 900px)').matches);
  const { data, error } = useShots(table.query);
  if (error) return <p className="chart-note">The shot chart could not be loaded: {error}</p>;
  if (!data || !table.query) return <div className="chart-placeholder" aria-hidden="true" />;
  const params = new URLSearchParams(table.query);
  const side = params.get('side');
  // A game's teams as that season named them (game details: the 2012-13 New Orleans Hornets, NOH).
  const sides = game.details ? [game.details.away, game.details.home] : [];
  const sampleText =
    page.kind.startsWith('Game') && game.details
      ? `${game.details.away.abbr_then ?? game.details.away.team} at ${game.details.home.abbr_then ?? game.details.home.team}, ${game.details.date}`
      : sampleLabel(table.query);
  const samples: { title: string; sample: ShotSample }[] = data.by_team
    ? data.by_team.map((t) => ({ title: sides.find((s) => s.team === t.team)?.name ?? teamByAbbr(t.team)?.name ?? t.team, sample: t }))
    : [{ title: whoseShots(page.kind, page.entity, side, player.details?.name ?? null), sample: data }];
  const noLocations = data.locations === 'none';
  const noMap = samples.every((s) => s.sample.located_fga === 0);
  return (
    <section className="chart-card" aria-label="Shot chart">
      <div className="chart-head">
        <h2>Shot chart</h2>
        <div className="sa-segmented sa-segmented-small" role="group" aria-label="Shot chart mode">
          <button type="button" aria-pressed={mode === 'zones'} onClick={() => setMode('zones')}>
            Zones
          </button>
          <button
            type="button"
            aria-pressed={mode === 'hexbins'}
            disabled={noMap}
            title={noMap ? 'No shot locations in this sample' : undefined}
            onClick={() => setMode('hexbins')}
          >
            {samples.every((s) => s.sample.binning === 'points') ? 'Shots' : 'Hexbins'}
          </button>
        </div>
      </div>
      {data.note ? <p className="chart-note">{data.note}</p> : null}
      {data.seasons_without_locations.length > 0 ? (
        <p className="chart-note" data-testid="no-locations">
          No shot locations for the {data.seasons_without_locations.join(', ')}: the league published none. The zones come from the play-by-play&apos;s shot
          descriptions{noLocations ? '; there is no map of the shots.' : ', the map shows the other seasons.'}
        </p>
      ) : data.locations === 'partial' ? (
        <p className="chart-note">
          {formatCount(data.located_fga)} of {formatCount(data.fga)} attempts have a location on the half court; the zones count all of them.
        </p>
      ) : null}
      <div className={samples.length > 1 ? 'chart-courts chart-courts-2' : 'chart-courts'}>
        {samples.map(({ title, sample }) => {
          const label = `Shot chart: ${title}, ${sampleText}, ${formatCount(sample.fga)} attempts`;
          return (
            <figure key={title} className="chart-figure">
              {samples.length > 1 ? <figcaption className="chart-title">{title}</figcaption> : null}
              <div className="chart-body">
                <div className="chart-court">
                  {mode === 'hexbins' && !noMap && sample.located_fga === 0 ? (
                    <p className="chart-empty" role="img" aria-label={label}>
                      No attempts with a location in this sample.
                    </p>
                  ) : (
                    <ShotCourt sample={sample} mode={noMap ? 'zones' : mode} hexRadius={data.hex_radius} label={label} />
                  )}
                  <Legend mode={noMap ? 'zones' : mode} data={data} sample={sample} />
                </div>
                <details className="chart-table" open={wide && samples.length === 1}>
                  <summary>Zones as a table</summary>
                  <ZoneTable sample={sample} pool={data.pool} caption={label} />
                </details>
              </div>
            </figure>
          );
        })}
      </div>
    </section>
  );
}
