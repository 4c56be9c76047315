/**
 * The three views of the with/without matrix (src/islands/wowy/WowyPanel.tsx): the heat map, the list of pairs, and
 * one player's row ("with and without each teammate"). Numbers and colours come from src/lib/views/wowy.ts.
 */
import type { Side } from '../../lib/params/apiParams';
import { MISSING } from '../../lib/tables/format';
import {
  WOWY_FACTORS,
  WOWY_STATE_LABELS,
  cellOf,
  goodness,
  listRows,
  matrixValue,
  possOn,
  statePart,
  type WowyAnswer,
  type WowyCell,
  type WowyPair,
  type WowyPlayer,
  type WowyStateName,
  type WowyViewState,
} from '../../lib/views/wowy';

const LOW = [56, 120, 200] as const; // worse: blue (the percentile scale's hues, src/islands/table/percentile.ts)
const HIGH = [235, 120, 45] as const; // better: orange
const MAX_ALPHA = 0.6;

/** The heat map's background for a goodness -1..1 (none for a missing number). */
function heat(t: number | null): string | undefined {
  if (t === null) return undefined;
  const [r, g, b] = t < 0 ? LOW : HIGH;
  return `rgba(${r}, ${g}, ${b}, ${Math.round(Math.abs(t) * MAX_ALPHA * 1000) / 1000})`;
}

const oneDecimal = (v: number | null | undefined) => (v === null || v === undefined ? MISSING : v.toFixed(1));
const signed = (v: number | null | undefined) => (v === null || v === undefined ? MISSING : `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(1)}`);
const count = (v: number) => v.toLocaleString('en-US');
const lastName = (name: string) => name.split(' ').slice(1).join(' ') || name;

interface ViewProps {
  answer: WowyAnswer;
  view: WowyViewState;
  side: Side;
}

/** The legend: the diverging scale and the small-sample mark. */
function Legend({ view, side, teamRating }: { view: WowyViewState; side: Side; teamRating: number | null }) {
  const diff = view.metric === 'net' || view.mode === 'diff';
  const centre = diff ? 0 : (teamRating ?? 0);
  const span = diff ? 15 : 10;
  const lowerBetter = view.metric === 'rating' && side === 'defense';
  const left = lowerBetter ? centre + span : centre - span;
  const right = lowerBetter ? centre - span : centre + span;
  return (
    <div className="wy-legend" data-testid="wowy-legend">
      <span className="wy-legend-end">Worse {diff ? signed(left) : oneDecimal(left)}</span>
      <span className="wy-legend-bar" aria-hidden="true" />
      <span className="wy-legend-end">{diff ? signed(right) : oneDecimal(right)} Better</span>
      {!diff && (
        <span className="wy-legend-note">
          centre: the team's {side === 'offense' ? 'offensive' : 'defensive'} rating, {oneDecimal(centre)}
        </span>
      )}
      {view.small > 0 && (
        <span className="wy-legend-small">
          <span className="wy-swatch wy-small" aria-hidden="true" /> fewer than {view.small}{' '}
          {view.metric === 'net' ? 'possessions at either end' : `${side === 'offense' ? 'offensive' : 'defensive'} possessions`}: small sample
        </span>
      )}
    </div>
  );
}

const teamRatingOf = (answer: WowyAnswer, side: Side) => (side === 'offense' ? answer.team_total.ortg : answer.team_total.drtg);

export function WowyMatrix({ answer, index, view, side, onPick }: ViewProps & { index: ReadonlyMap<string, WowyPair>; onPick: (playerId: number) => void }) {
  const teamRating = teamRatingOf(answer, side);
  const signedValues = view.metric === 'net' || view.mode === 'diff';
  const modeLabel = view.mode === 'both' ? 'with' : view.mode === 'a_only' ? 'without' : view.mode === 'neither' ? 'and neither' : 'with minus without';
  return (
    <>
      <Legend view={view} side={side} teamRating={teamRating} />
      <div className="wy-scroll" role="region" aria-label="Heat map, scrolls sideways" tabIndex={0}>
        <table className="wy-matrix" data-testid="wowy-matrix">
          <caption className="wy-caption">
            Rows: the player; columns: the teammate. Each cell: the team's{' '}
            {view.metric === 'net' ? 'net rating' : `${side === 'offense' ? 'offensive' : 'defensive'} rating`} (
            {view.mode === 'both'
              ? 'both on the floor'
              : view.mode === 'a_only'
                ? 'row player on, column player off'
                : view.mode === 'neither'
                  ? 'both off'
                  : 'together minus the row player without the column player'}
            ).
          </caption>
          <thead>
            <tr>
              <th scope="col" className="wy-corner">
                Player
              </th>
              {answer.players.map((p) => (
                <th key={p.player_id} scope="col" className="wy-colhead" title={p.name}>
                  <span>{lastName(p.name)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {answer.players.map((row) => (
              <tr key={row.player_id}>
                <th scope="row" className="wy-rowhead">
                  <button type="button" className="wy-link" onClick={() => onPick(row.player_id)} title={`${row.name}: with and without each teammate`}>
                    {row.name}
                  </button>
                </th>
                {answer.players.map((col) => {
                  const { value, poss } = matrixValue(index, row.player_id, col.player_id, view.mode, view.metric, side);
                  const small = value !== null && poss < view.small;
                  // A pair that never shared the floor (or a state that never happened): a dash, not a number.
                  const never = value === null && row.player_id !== col.player_id;
                  const text = value === null ? (never ? MISSING : '') : signedValues ? signed(value) : oneDecimal(value);
                  const who =
                    row.player_id === col.player_id
                      ? view.mode === 'both'
                        ? `${row.name} on the floor`
                        : `${row.name} off the floor`
                      : `${row.name} ${modeLabel} ${col.name}`;
                  return (
                    <td
                      key={col.player_id}
                      className={`wy-cell${small ? ' wy-small' : ''}${row.player_id === col.player_id ? ' wy-diag' : ''}`}
                      style={{ background: small ? undefined : heat(goodness(value, { metric: view.metric, mode: view.mode, side, teamRating })) }}
                      title={
                        value === null
                          ? never
                            ? `${who}: no possessions`
                            : undefined
                          : `${who}: ${text} over ${count(poss)} possessions${small ? ' (small sample)' : ''}`
                      }
                      data-value={value ?? ''}
                      data-poss={poss}
                    >
                      {text}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The columns of one state: possessions, the side's rating, net, and with four factors the side's factors. */
function stateColumns(fourFactors: boolean, side: Side): { part: string; label: string }[] {
  return [
    { part: 'poss', label: 'Poss' },
    { part: 'rating', label: side === 'offense' ? 'ORtg' : 'DRtg' },
    { part: 'net', label: 'Net' },
    ...(fourFactors ? WOWY_FACTORS.map((f) => ({ part: f.key as string, label: `${side === 'offense' ? '' : 'Opp '}${f.label}` })) : []),
  ];
}

/** A number cell of a state: rates with one decimal, net signed and coloured, small samples marked. */
function StateCells({ cell, view, side, teamRating }: { cell: WowyCell; view: WowyViewState; side: Side; teamRating: number | null }) {
  const small = possOn(cell, side) < view.small;
  return (
    <>
      {stateColumns(view.fourFactors, side).map(({ part }) => {
        const v = statePart(cell, part, side);
        const bg = part === 'net' && !small ? heat(goodness(v, { metric: 'net', mode: 'both', side, teamRating })) : undefined;
        const text = part === 'poss' ? count(v ?? 0) : part === 'net' ? signed(v) : oneDecimal(v);
        return (
          <td key={part} className={`n${small && part !== 'poss' ? ' wy-small' : ''}`} style={{ background: bg }}>
            {text}
          </td>
        );
      })}
    </>
  );
}

const STATES = Object.keys(WOWY_STATE_LABELS) as WowyStateName[];

export function WowyList({ answer, view, side, onSort }: ViewProps & { onSort: (sort: string, dir: 'asc' | 'desc') => void }) {
  const teamRating = teamRatingOf(answer, side);
  const cols = stateColumns(view.fourFactors, side);
  const sortId = view.sort ?? 'both_poss';
  const rows = listRows(answer);
  const keyOf = (r: (typeof rows)[number]): number | string | null => {
    if (sortId === 'a') return r.a.name;
    if (sortId === 'b') return r.b.name;
    // A state's column: `${state}_${part}` (both_net, a_only_poss, neither_efg_pct).
    const state = STATES.find((st) => sortId.startsWith(`${st}_`));
    return state ? statePart(r.cells[state], sortId.slice(state.length + 1), side) : null;
  };
  const sorted = [...rows].sort((x, y) => {
    const a = keyOf(x);
    const b = keyOf(y);
    if (a === null && b === null) return 0;
    if (a === null) return 1; // missing numbers last, whichever the direction
    if (b === null) return -1;
    const c = typeof a === 'string' ? a.localeCompare(String(b)) : a - (b as number);
    return view.dir === 'asc' ? c : -c;
  });
  const header = (id: string, label: string, className?: string) => {
    const active = sortId === id;
    const dir = active ? view.dir : undefined;
    return (
      <th key={id} scope="col" className={className} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <button
          type="button"
          className="wy-sort"
          onClick={() => onSort(id, active && view.dir === 'desc' ? 'asc' : active ? 'desc' : id === 'a' || id === 'b' ? 'asc' : 'desc')}
        >
          {label}
          {active ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}
        </button>
      </th>
    );
  };
  return (
    <div className="wy-scroll" role="region" aria-label="Pairs, scrolls sideways" tabIndex={0}>
      <table className="wy-list" data-testid="wowy-list">
        <thead>
          <tr>
            <th scope="colgroup" colSpan={2} />
            {STATES.map((s) => (
              <th key={s} scope="colgroup" colSpan={cols.length} className="wy-group">
                {WOWY_STATE_LABELS[s]}
              </th>
            ))}
          </tr>
          <tr>
            {header('a', 'Player A', 'wy-name')}
            {header('b', 'Player B', 'wy-name')}
            {STATES.flatMap((s) => cols.map((c) => header(`${s}_${c.part}`, c.label, 'n')))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((r) => (
            <tr key={`${r.a.player_id}|${r.b.player_id}`}>
              <th scope="row" className="wy-name">
                {r.a.name}
              </th>
              <td className="wy-name">{r.b.name}</td>
              {STATES.map((s) => (
                <StateCells key={s} cell={r.cells[s]} view={view} side={side} teamRating={teamRating} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function WowyPlayerRow({
  answer,
  index,
  view,
  side,
  player,
  onPlayer,
}: ViewProps & { index: ReadonlyMap<string, WowyPair>; player: WowyPlayer; onPlayer: (id: number) => void }) {
  const teamRating = teamRatingOf(answer, side);
  const cols = stateColumns(view.fourFactors, side);
  const mates = answer.players.filter((p) => p.player_id !== player.player_id);
  const self = index.get(`${player.player_id}|${player.player_id}`);
  const labels: Record<WowyStateName, string> = {
    both: 'Together',
    a_only: `${lastName(player.name)} without him`,
    b_only: `He without ${lastName(player.name)}`,
    neither: 'Neither',
  };
  return (
    <>
      <label className="wy-field">
        <span className="sa-label">Player</span>
        <select value={player.player_id} onChange={(e) => onPlayer(Number(e.target.value))} data-testid="wowy-player">
          {answer.players.map((p) => (
            <option key={p.player_id} value={p.player_id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      {self && (
        <p className="wy-total" data-testid="wowy-onoff">
          {player.name}: {count(possOn(self.both, side))} possessions on the floor (net {signed(self.both.net)}), {count(possOn(self.neither, side))} off (net{' '}
          {signed(self.neither.net)}); {player.minutes.toFixed(0)} minutes.
        </p>
      )}
      <div className="wy-scroll" role="region" aria-label={`${player.name} with and without each teammate, scrolls sideways`} tabIndex={0}>
        <table className="wy-list" data-testid="wowy-player-table">
          <caption className="wy-caption">{player.name} with and without each teammate</caption>
          <thead>
            <tr>
              <th scope="colgroup" />
              {STATES.map((s) => (
                <th key={s} scope="colgroup" colSpan={cols.length} className="wy-group">
                  {labels[s]}
                </th>
              ))}
            </tr>
            <tr>
              <th scope="col" className="wy-name">
                Teammate
              </th>
              {STATES.flatMap((s) =>
                cols.map((c) => (
                  <th key={`${s}_${c.part}`} scope="col" className="n">
                    {c.label}
                  </th>
                )),
              )}
            </tr>
          </thead>
          <tbody>
            {mates.map((m) => (
              <tr key={m.player_id}>
                <th scope="row" className="wy-name">
                  {m.name}
                </th>
                {STATES.map((s) => {
                  const cell = cellOf(index, player.player_id, m.player_id, s);
                  return cell ? <StateCells key={s} cell={cell} view={view} side={side} teamRating={teamRating} /> : null;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
