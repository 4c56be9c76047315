/**
 * The games phase's parse worker (gamesPhase.ts starts it): reads every play-by-play file with a DuckDB of its
 * own (in memory), parses each game and builds its rows (writer.ts), and posts them 2,048 at a time to the
 * thread that owns the database. Reading, parsing and building rows on one core while the other appends them
 * roughly halves the phase on two cores.
 */
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { DuckDBInstance } from '@duckdb/node-api';
import { workerJob } from '../../worker/startWorker.ts';
import type { Chunk } from './chunkWriter.ts';
import { CHUNKS_IN_FLIGHT, type GamesJob, type WorkerMessage } from './gamesProtocol.ts';
import { parseGame } from '../game/parseGame.ts';
import { PositionBook } from '../season/positionEstimates.ts';
import { loadGames, loadShotLocations, playerNames, seasonLabel, streamGames } from '../read/read.ts';
import { readGameFile } from '../sources/index.ts';
import type { SeasonType } from '../read/types.ts';
import { StatsWriter } from './writer.ts';

/** The reader's DuckDB: files are streamed, so a small budget (256 MB read a season's file as fast as 512) and one thread (the other core appends). */
const READER_OPTIONS = { threads: '1', memory_limit: '256MB' };

const port = parentPort;
if (!port) throw new Error('gameWorker.ts runs as a worker thread (gamesPhase.ts starts it)');
const post = (message: WorkerMessage): void => port.postMessage(message);

async function run(job: GamesJob): Promise<void> {
  const appended = new Int32Array(job.appended);
  let posted = 0;
  const sink = (chunk: Chunk): void => {
    for (;;) {
      const done = Atomics.load(appended, 0);
      if (posted - done < CHUNKS_IN_FLIGHT) break;
      Atomics.wait(appended, 0, done, 1000);
    }
    posted++;
    post({ kind: 'chunk', chunk });
  };

  const instance = await DuckDBInstance.create(':memory:', READER_OPTIONS);
  const conn = await instance.connect();
  const games = await loadGames(conn, job.dataDir);
  const writer = new StatsWriter(job.columnCounts, sink, PositionBook.fromFacts(job.positions), job.start);
  const played = (g: { date: string } | undefined): boolean => !g || job.through === undefined || g.date <= job.through;
  post({
    kind: 'expected',
    games: [...games.values()].filter((g) => job.seasons.includes(g.season) && job.seasonTypes.includes(g.seasonType) && played(g)).length,
  });
  const pbpNames = new Map<number, string>();
  const skipped: { gameId: number; reason: string }[] = [];
  let done = 0;
  // the update's new games only: the held games are left out, and none of them may come after a game written
  const heldGames = new Set(job.heldGames ?? []);
  let outOfOrder = false;
  const isHeld = (gameId: number): boolean => {
    if (!heldGames.has(gameId)) return false;
    if (done > 0) outOfOrder = true;
    return true;
  };
  // Game files (the update's --source folders, sources/): a file's game is read instead of the archive's of the same
  // id; a season type's files come after its archive file, those of a type without one at the end.
  const fileGames = new Map((job.gameFiles ?? []).map((f) => [path.basename(f, '.json'), f]));
  const typeOf = (code: string): SeasonType => (code[2] === '4' ? 'playoffs' : 'regular');
  const readGameFiles = async (type: SeasonType): Promise<void> => {
    for (const [code, f] of [...fileGames].filter(([c]) => typeOf(c) === type).sort()) {
      fileGames.delete(code);
      const gameId = Number(code);
      if (isHeld(gameId)) continue;
      const season = 2000 + (Math.floor(gameId / 100000) % 100);
      const read = await readGameFile(f, { knownDates: (c) => games.get(c)?.date });
      if (!read.ok) {
        const reason = `${read.rejection.reason}: ${read.rejection.message}`;
        skipped.push({ gameId, reason });
        writer.skip(gameId, season, reason);
        continue;
      }
      for (const [id, name] of read.game.playerNames) if (!pbpNames.has(id)) pbpNames.set(id, name);
      writer.readIssues(gameId, season, read.game.rows);
      try {
        writer.writeGame(read.result);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        skipped.push({ gameId, reason });
        writer.skip(gameId, season, reason);
      }
      done++;
    }
  };
  for (const { season, type, file } of job.files) {
    const fileStarted = Date.now();
    const label = `${seasonLabel(season)} ${type}`;
    const shots = type === 'regular' ? await loadShotLocations(conn, job.dataDir, type, season) : null;
    for (const [id, name] of await playerNames(conn, file)) if (!pbpNames.has(id)) pbpNames.set(id, name);
    let inFile = 0;
    const read = { rows: 0, dropped: 0, repeated: 0 };
    for await (const rows of streamGames(conn, file)) {
      const { gameCode, events } = rows;
      const game = games.get(gameCode);
      // a game after the last date asked for is left out entirely, as if not yet published (ingest --through);
      // a game with a game file is read from it
      if (!played(game) || fileGames.has(gameCode)) continue;
      const gameId = Number(gameCode);
      if (isHeld(gameId)) continue;
      read.rows += events.length + rows.dropped.length;
      read.dropped += rows.dropped.length;
      read.repeated += rows.repeated.length;
      writer.readIssues(gameId, season, rows);
      if (!game) {
        skipped.push({ gameId, reason: 'not in games.parquet' });
        writer.skip(gameId, season, `game ${gameCode} is not in the games file`);
        continue;
      }
      try {
        writer.writeGame(parseGame(game, events, shots?.get(game.gameId) ?? null));
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        skipped.push({ gameId, reason });
        writer.skip(gameId, season, reason);
      }
      done++;
      inFile++;
      if (done % 10 === 0) post({ kind: 'progress', done, label });
    }
    writer.readStats(season, type, inFile, read.rows, read.dropped, read.repeated);
    post({ kind: 'progress', done, label });
    const seconds = ((Date.now() - fileStarted) / 1000).toFixed(1);
    post({ kind: 'log', message: `${label}: ${inFile} games, ${read.dropped} duplicated rows dropped (${seconds} s)` });
    await readGameFiles(type);
  }
  await readGameFiles('regular');
  await readGameFiles('playoffs');
  writer.close();
  conn.closeSync();
  instance.closeSync();
  post({ kind: 'done', result: { pbpNames: [...pbpNames], skipped, totals: writer.totals, ...(job.heldGames ? { outOfOrder } : {}) } });
}

await run(workerJob<GamesJob>());
