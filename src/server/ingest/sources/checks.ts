/**
 * The checks a game file passes before it is ingested: its events must not contradict themselves or its box
 * score. Each failure is a reason (sourceGame.ts RejectReason) with a message naming the numbers:
 * - on_floor_twice: a substitution brings in a player the period's substitutions already brought in and never
 *   took out (unless one at the same dead ball takes him out: published out of order), or takes out and brings
 *   in the same player, or a player acts for both teams (events alone, before the engine's repairs: the engine
 *   would otherwise quietly take someone else off). None in the archive's 2012-13 and 2022-23;
 * - score: the engine's points (every made field goal and free throw, parseGame.ts) against the final score
 *   the file states (the live feed's last scoreHome/scoreAway, the archive's last SCORE) and the box score's;
 * - box_score (live format): every player's and team's points, field goals, threes, free throws, offensive and
 *   defensive rebounds, assists, steals, blocks, turnovers and personal fouls in the engine's box against the
 *   official box score.
 */
import { BOX_COUNTERS, type BoxCounter } from '../../statsSchema/counterColumns.ts';
import { isPlayer } from '../game/events.ts';
import { parseGame, type GameResult } from '../game/parseGame.ts';
import { EventType, type RawEvent } from '../read/types.ts';
import type { LiveBoxStats, LiveBoxTeam } from './liveFeed.ts';
import type { SourceGame, SourceProblem } from './sourceGame.ts';

/** The box score's name of each counter of the engine's box (counters.ts BOX_COUNTERS). */
const BOX_FIELDS: Record<BoxCounter, keyof LiveBoxStats> = {
  pts: 'points',
  fgm: 'fieldGoalsMade',
  fga: 'fieldGoalsAttempted',
  fg3m: 'threePointersMade',
  fg3a: 'threePointersAttempted',
  ftm: 'freeThrowsMade',
  fta: 'freeThrowsAttempted',
  oreb: 'reboundsOffensive',
  dreb: 'reboundsDefensive',
  ast: 'assists',
  stl: 'steals',
  blk: 'blocks',
  tov: 'turnovers',
  pf: 'foulsPersonal',
};

/** Shown in a message: at most this many differences, then how many more. */
const LISTED = 6;

function listed(diffs: string[]): string {
  return diffs.slice(0, LISTED).join('; ') + (diffs.length > LISTED ? `; and ${diffs.length - LISTED} more` : '');
}

/**
 * The substitutions of one dead ball may be published out of order (0021700482, OT 0:00: #739 "SUB: Harris FOR
 * Allen" before #734 "SUB: Allen FOR Harris"): a player brought in again is no contradiction when a substitution
 * at the same period and clock takes him out.
 */
function takenOutAtSameDeadBall(events: readonly RawEvent[], sub: RawEvent): boolean {
  return events.some((e) => e.type === EventType.Substitution && e.period === sub.period && e.clock === sub.clock && e !== sub && e.p1.id === sub.p2.id);
}

/** A player on the floor twice, by the substitutions of each period, or on both teams (see the header). */
export function onFloorTwice(game: SourceGame): string | null {
  const teamOf = new Map<number, number>();
  let entered = new Map<number, number>();
  let period = 0;
  for (const e of game.rows.events) {
    if (e.period !== period) {
      period = e.period;
      entered = new Map();
    }
    for (const p of [e.p1, e.p2, e.p3]) {
      if (!isPlayer(p)) continue;
      const team = teamOf.get(p.id);
      if (team !== undefined && team !== p.teamId) return `player ${p.id} plays for team ${team} and for team ${p.teamId} (#${e.eventNum})`;
      teamOf.set(p.id, p.teamId);
    }
    if (e.type !== EventType.Substitution || e.p2.id <= 0) continue;
    if (e.p1.id === e.p2.id) return `#${e.eventNum} (period ${e.period}) takes out and brings in the same player ${e.p1.id}`;
    const at = entered.get(e.p2.id);
    if (at !== undefined && !takenOutAtSameDeadBall(game.rows.events, e)) {
      return `#${e.eventNum} (period ${e.period}) brings in player ${e.p2.id}, on the floor since #${at} and not taken out since`;
    }
    entered.delete(e.p1.id);
    entered.set(e.p2.id, e.eventNum);
  }
  return null;
}

/** The engine's final score against the file's and the box score's; null when they agree. */
export function scoreContradiction(game: SourceGame, result: GameResult): string | null {
  const ours = `${result.homePts}-${result.awayPts}`;
  const s = game.statedScore;
  if (s && (s.home !== result.homePts || s.away !== result.awayPts)) {
    return `the events' points make ${game.info.homeAbbr} ${result.homePts}, ${game.info.awayAbbr} ${result.awayPts}; the play-by-play's own final score is ${s.home}-${s.away}`;
  }
  const box = game.officialBox?.game;
  if (box && (box.homeTeam.score !== result.homePts || box.awayTeam.score !== result.awayPts)) {
    return `the events' points make ${ours} (home-away); the box score says ${box.homeTeam.score}-${box.awayTeam.score}`;
  }
  return null;
}

/** Every counter of the engine's box against the official box score (live format); null when all agree. */
export function boxContradictions(game: SourceGame, result: GameResult): string | null {
  const box = game.officialBox?.game;
  if (!box) return null;
  const mine = new Map(result.players.map((p) => [p.playerId, p]));
  const diffs: string[] = [];
  const teamTotals = (team: LiveBoxTeam): void => {
    const sums = Object.fromEntries(BOX_COUNTERS.map((k) => [k, 0])) as Record<BoxCounter, number>;
    for (const p of team.players) {
      const ours = mine.get(p.personId);
      for (const k of BOX_COUNTERS) {
        const official = p.statistics[BOX_FIELDS[k]] as number;
        const counted = ours?.box[k] ?? 0;
        sums[k] += counted;
        if (official !== counted) diffs.push(`${p.nameI ?? p.personId} ${k} ${counted} in the play-by-play, ${official} in the box score`);
      }
    }
    for (const p of result.players) {
      if (p.teamId === team.teamId && !team.players.some((q) => q.personId === p.playerId)) {
        diffs.push(`player ${p.playerId} plays for ${team.teamTricode} in the play-by-play but is not in its box score`);
      }
    }
    // a team's turnovers include the team's own (turnoversTotal); its other totals are its players'
    const teamTov = result.teamBox.get(team.teamId)?.tov ?? 0;
    const official = team.statistics.turnoversTeam;
    if (official !== undefined && official !== null && official !== teamTov) {
      diffs.push(`${team.teamTricode} team turnovers ${teamTov} in the play-by-play, ${official} in the box score`);
    }
  };
  teamTotals(box.homeTeam);
  teamTotals(box.awayTeam);
  return diffs.length ? listed(diffs) : null;
}

export type CheckOutcome = { ok: true; result: GameResult } | { ok: false; problem: SourceProblem };

/** All the checks of a game read from a file (see the header); the engine's result when it passes. */
export function checkGame(game: SourceGame): CheckOutcome {
  const fail = (reason: SourceProblem['reason'], message: string): CheckOutcome => ({ ok: false, problem: { reason, message, gameCode: game.info.gameCode } });
  const twice = onFloorTwice(game);
  if (twice) return fail('on_floor_twice', twice);
  const result = parseGame(game.info, game.rows.events, game.shots());
  const score = scoreContradiction(game, result);
  if (score) return fail('score', score);
  const box = boxContradictions(game, result);
  if (box) return fail('box_score', box);
  return { ok: true, result };
}
