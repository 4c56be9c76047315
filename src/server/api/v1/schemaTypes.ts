/**
 * Every v1 answer schema (schemas.ts) accepts what its builder returns, checked by the type checker: the router
 * passes each answer through its schema before sending it, so a schema narrower than its builder's type (a
 * field the builder may leave null, a value it may add) is a 500 for exactly the queries that reach it. That is
 * how /api/v1/shots answered 500 to every League query while /api/shots answered 200: the shots schema said
 * `pool: string` where computeShots returns `pool: null` for league-wide samples, and `league_fga_share: number`
 * where a lineup filter that empties the sample gives null. A builder's type that drifts from its schema now
 * fails `npx tsc`, naming the schema below.
 *
 * Checked here: the builders whose answers have a declared type. The box score, possessions, player and teams
 * builders return rows typed by DuckDB's reader (fields of type unknown) and the table, metric sets and search
 * answers are built in the endpoint: for those, and for every route, tests/api/v1Properties.test.ts asks
 * /api/v1 with random legal and odd queries and fails on any 5xx.
 */
import type { z } from 'zod';
import type { compare } from '../../stats/answers/compare';
import type { playerCareer, playerRapm, rapmLeaderboard, shotsObject, similarPlayers, wowyObject } from '../../stats/answers/reads';
import type * as S from './schemas';

/** `true` when every value of T passes schema S (T is assignable to S's input), else never. */
type Accepts<Schema extends z.ZodType, T> = [T] extends [z.input<Schema>] ? true : never;
type Built<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

/** One line per builder; `true` fails to compile where a schema no longer accepts its builder's answer. */
export const SCHEMAS_ACCEPT_THEIR_BUILDERS: {
  shots: Accepts<typeof S.ShotsAnswer, Built<typeof shotsObject>>;
  career: Accepts<typeof S.CareerAnswer, Built<typeof playerCareer>>;
  playerRapm: Accepts<typeof S.PlayerRapmAnswer, Built<typeof playerRapm>>;
  rapm: Accepts<typeof S.RapmAnswer, Built<typeof rapmLeaderboard>>;
  compare: Accepts<typeof S.CompareAnswer, Built<typeof compare>>;
  similar: Accepts<typeof S.SimilarAnswer, Built<typeof similarPlayers>>;
  wowy: Accepts<typeof S.WowyAnswerSchema, Built<typeof wowyObject>>;
} = { shots: true, career: true, playerRapm: true, rapm: true, compare: true, similar: true, wowy: true };
