/**
 * Compare players: 2 to 4 players, each over his own seasons, in one metric set with the same
 * filters. Each player's numbers ARE his row of the players table (/stats/players, page Players) for his seasons
 * and the query's other filters: the answer asks the answers layer for that Players answer (cached and queued
 * like /api/data, so a comparison of players the table has just shown costs nothing) and picks his row, with its
 * percentiles in his position group. Nothing is computed twice, so the comparison cannot drift from the table.
 */
import { parseDataQuery, type DataQuery, type RawQuery } from '../../../lib/params/apiParams';
import { bestOf, compareLines, compareSetDefinitions, seasonsOfSpan, spanLabel, type CompareLine, type ComparedPlayer } from '../../../lib/views/compare';
import type { MetricSetDefinition } from '../../../lib/tables/metricSets';
import type { Side } from '../../../lib/site/pageKinds';
import { ApiError } from '../base/errors';
import { listPlayers } from './reads';
import { answerObject, type Asker } from './answers';

export interface CompareRequest {
  players: readonly ComparedPlayer[];
  side: Side;
  /** a set of compareSetDefinitions(side), by value or clientQueryParam; null: the side's first */
  metricSet: string | null;
  /** the Players query of the filters (api keys, as /api/data takes them), without season: each player has his own */
  filters: RawQuery;
}

export interface ComparedColumn {
  player_id: number;
  name: string;
  /** first and last season (start years) */
  span: [number, number];
  seasons: string;
  /** the seasons he played (start years, oldest first): what his seasons may be chosen from */
  played: number[];
  /** his row's team and position group (the percentiles' pool); null when he has no row in this sample */
  team: string | null;
  position: string | null;
  /** at least the players table's minimum of possessions: ranked, with percentiles */
  qualified: boolean;
  /** false: no possessions in this sample (no row on the players table) */
  found: boolean;
  values: Record<string, number | null>;
  percentiles: Record<string, number | null>;
}

export interface CompareAnswer {
  side: Side;
  set: Pick<MetricSetDefinition, 'value' | 'label' | 'clientQueryParam' | 'group' | 'layout'>;
  sets: Pick<MetricSetDefinition, 'value' | 'label' | 'clientQueryParam'>[];
  lines: CompareLine[];
  players: ComparedColumn[];
  /** per line field: the indexes of the players with the best value (ties all marked; none for style lines) */
  best: Record<string, number[]>;
}

/** The set a request names on its side; 400 when it is not one of the side's sets. */
export function compareSetOf(side: Side, asked: string | null): MetricSetDefinition {
  const defs = compareSetDefinitions(side);
  if (asked === null) return defs[0]!;
  const def = defs.find((d) => d.value === asked || d.clientQueryParam === asked);
  if (!def)
    throw new ApiError(
      400,
      `metric_set "${asked}" is not a set of the comparison on ${side} (${defs.map((d) => d.clientQueryParam).join(', ')})`,
      'metric_set',
    );
  return def;
}

/** The Players query of one compared player: the request's filters with his seasons (parsed as /api/data parses). */
export function playersQueryOf(filters: RawQuery, span: readonly [number, number], metricSet: string): DataQuery {
  return parseDataQuery({ ...filters, page: ['Players'], season: seasonsOfSpan(span).map(String), metric_set: [metricSet] });
}

/** The comparison. 404 for an unknown player id; players without seasons get their latest season in the data. */
export async function compare(req: CompareRequest, asker: Asker): Promise<CompareAnswer> {
  const def = compareSetOf(req.side, req.metricSet);
  const roster = new Map((await listPlayers(asker)).map((p) => [p.second_spectrum_id, p]));
  const columns = await Promise.all(
    req.players.map(async (p): Promise<ComparedColumn> => {
      const known = roster.get(p.playerId);
      if (!known) throw new ApiError(404, `No player with id ${p.playerId}`, 'player');
      const played = Object.keys(known.played).map(Number);
      const latest = Math.max(...played);
      const span: [number, number] = p.span ? [p.span[0], p.span[1]] : [latest, latest];
      // A span of seasons the file does not hold (2015-16 on a file of 2012-13 and 2022-23) has no row.
      const answer = seasonsOfSpan(span).length
        ? await answerObject(playersQueryOf(req.filters, span, def.value), asker)
        : { data: {} as Record<string, Record<string, unknown>[]> };
      const row = (answer.data[def.value] ?? []).find((r) => Number(r.player_id) === p.playerId);
      const values: Record<string, number | null> = {};
      const percentiles: Record<string, number | null> = {};
      for (const line of compareLines(def)) {
        const v = row?.[line.field];
        values[line.field] = typeof v === 'number' ? v : null;
        const pct = row?.[`${line.field}_pct`];
        percentiles[line.field] = typeof pct === 'number' ? pct : null;
      }
      return {
        player_id: p.playerId,
        name: known.name,
        span,
        seasons: spanLabel(span),
        played: played.sort((a, b) => a - b),
        team: row ? ((row.team as string | null) ?? null) : null,
        position: row ? ((row.position as string | null) ?? null) : null,
        qualified: row?.qualified === true,
        found: row !== undefined,
        values,
        percentiles,
      };
    }),
  );
  const lines = compareLines(def);
  const best = Object.fromEntries(
    lines.map((l) => [
      l.field,
      bestOf(
        columns.map((c) => c.values[l.field]),
        l.better,
      ),
    ]),
  );
  return {
    side: req.side,
    set: { value: def.value, label: def.label, clientQueryParam: def.clientQueryParam, group: def.group, layout: def.layout },
    sets: compareSetDefinitions(req.side).map(({ value, label, clientQueryParam }) => ({ value, label, clientQueryParam })),
    lines,
    players: columns,
    best,
  };
}
