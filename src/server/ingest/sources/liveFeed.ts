/**
 * The shapes of the league's live feed ("liveData" CDN JSON) that the reader reads, checked with zod: a file
 * that lacks a field the mapping needs, or carries it with another type, is rejected ('format') rather than
 * read wrong. Only the fields read are declared; every other field is allowed and ignored.
 *
 * Real examples: recorded-feed/pbp/live_0022000001.json (playbyplay_{gameId}.json, 610 actions) and
 * recorded-feed/game_details/live_0022000001.json (boxscore_{gameId}.json).
 */
import { z } from 'zod';

const id = z.number().int().nonnegative();
/**
 * The last period a game file may have: the longest game played went to six overtimes (period 10); a larger
 * number is a broken file, and the engine plays every period up to the last one.
 */
export const MAX_PERIOD = 14;
const optionalId = id.optional().nullable();
/** Scores are strings in the play-by-play ("scoreHome": "12"). */
const score = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform(Number);

export const liveAction = z.object({
  actionNumber: id,
  orderNumber: z.number().nonnegative(),
  /** "PT11M38.00S": minutes and seconds left in the period */
  clock: z.string().regex(/^PT\d+M\d+(\.\d+)?S$/),
  period: z.number().int().min(1).max(MAX_PERIOD),
  actionType: z.string(),
  subType: z.string().optional().nullable(),
  descriptor: z.string().optional().nullable(),
  qualifiers: z.array(z.string()).optional().nullable(),
  personId: id.optional().nullable(),
  teamId: optionalId,
  teamTricode: z.string().optional().nullable(),
  scoreHome: score,
  scoreAway: score,
  shotResult: z.string().optional().nullable(),
  shotDistance: z.number().optional().nullable(),
  xLegacy: z.number().optional().nullable(),
  yLegacy: z.number().optional().nullable(),
  pointsTotal: z.number().int().optional().nullable(),
  assistPersonId: optionalId,
  assistTotal: z.number().int().optional().nullable(),
  blockPersonId: optionalId,
  stealPersonId: optionalId,
  foulDrawnPersonId: optionalId,
  jumpBallWonPersonId: optionalId,
  jumpBallLostPersonId: optionalId,
  /** sic: the feed spells it so */
  jumpBallRecoverdPersonId: optionalId,
  reboundOffensiveTotal: z.number().int().optional().nullable(),
  reboundDefensiveTotal: z.number().int().optional().nullable(),
  shotActionNumber: optionalId,
  playerNameI: z.string().optional().nullable(),
  assistPlayerNameInitial: z.string().optional().nullable(),
  description: z.string().optional().nullable(),
});
export type LiveAction = z.infer<typeof liveAction>;

export const livePlayByPlay = z.object({
  game: z.object({ gameId: z.string(), actions: z.array(z.unknown()) }),
});

const boxStats = z.object({
  points: z.number().int(),
  fieldGoalsMade: z.number().int(),
  fieldGoalsAttempted: z.number().int(),
  threePointersMade: z.number().int(),
  threePointersAttempted: z.number().int(),
  freeThrowsMade: z.number().int(),
  freeThrowsAttempted: z.number().int(),
  reboundsOffensive: z.number().int(),
  reboundsDefensive: z.number().int(),
  assists: z.number().int(),
  steals: z.number().int(),
  blocks: z.number().int(),
  turnovers: z.number().int(),
  foulsPersonal: z.number().int(),
  /** "PT20M46.00S" (players; a team's is the sum of its players') */
  minutes: z.string().optional().nullable(),
  plusMinusPoints: z.number().optional().nullable(),
});
export type LiveBoxStats = z.infer<typeof boxStats>;

const boxPlayer = z.object({
  personId: id,
  nameI: z.string().optional().nullable(),
  name: z.string().optional().nullable(),
  starter: z.string().optional().nullable(),
  played: z.string().optional().nullable(),
  statistics: boxStats,
});
export type LiveBoxPlayer = z.infer<typeof boxPlayer>;

const boxTeam = z.object({
  teamId: id,
  teamTricode: z.string().min(2),
  score: z.number().int().nonnegative(),
  players: z.array(boxPlayer),
  statistics: boxStats.partial().extend({ turnoversTeam: z.number().int().optional().nullable() }),
});
export type LiveBoxTeam = z.infer<typeof boxTeam>;

export const liveBoxScore = z.object({
  game: z.object({
    gameId: z.string(),
    /** "20201222/GSWBKN": the league's date of the game, then the teams */
    gameCode: z.string().regex(/^\d{8}\//),
    gameStatus: z.number().int(),
    homeTeam: boxTeam,
    awayTeam: boxTeam,
  }),
});
export type LiveBoxScore = z.infer<typeof liveBoxScore>;

/** Seconds left of a live clock: "PT11M38.00S" -> 698.0, "PT00M59.30S" -> 59.3. */
export function clockSeconds(clock: string): number {
  const m = /^PT(\d+)M(\d+(?:\.\d+)?)S$/.exec(clock);
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
}

/** The first problem zod found, as one line: "game.actions.12.clock: Invalid string". */
export function zodProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  return `${issue.path.join('.') || '(top)'}: ${issue.message}`;
}
