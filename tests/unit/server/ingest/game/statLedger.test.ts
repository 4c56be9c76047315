/**
 * The stat ledger on its own, fed real games (nba-data, read at run time) event by event without the lineup
 * and possession trackers, checked against the official team box and the descriptions' running counters.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assister, blocker, isFreeThrowMade, isPersonalFoul, isPlayer, isThree, stealer, actingTeam } from '../../../../../src/server/ingest/game/events.ts';
import { GameContext } from '../../../../../src/server/ingest/game/gameContext.ts';
import { StatLedger } from '../../../../../src/server/ingest/game/statLedger.ts';
import { EventType, type RawEvent } from '../../../../../src/server/ingest/read/types.ts';
import { dataDir, hasData, loadGame, officialBox, sql } from '../fixtures.ts';

/** Feeds every box event of a game to a fresh ledger (no lineups: plus/minus and seconds are not exercised). */
function ledgerOf(f: Awaited<ReturnType<typeof loadGame>>, events: RawEvent[] = f.events): StatLedger {
  const ctx = new GameContext(f.game);
  const ledger = new StatLedger(ctx, events);
  const noLineups = new Map<number, number[]>();
  let lastShooter = 0;
  for (const e of events) {
    ctx.period = e.period;
    if (e.type === EventType.MadeFieldGoal || e.type === EventType.MissedFieldGoal) {
      if (isPlayer(e.p1) && ctx.isGameTeam(e.p1.teamId)) {
        const made = e.type === EventType.MadeFieldGoal;
        ledger.fieldGoal(e, made, isThree(e) ? 3 : 2, made ? assister(e) : null, made ? null : blocker(e), noLineups);
        lastShooter = e.p1.teamId;
      }
    } else if (e.type === EventType.FreeThrow && isPlayer(e.p1) && ctx.isGameTeam(e.p1.teamId)) {
      const made = isFreeThrowMade(e);
      ledger.freeThrow(e, made);
      if (made) ledger.addPoints(e.p1.teamId, 1, noLineups);
      lastShooter = e.p1.teamId;
    } else if (e.type === EventType.Rebound && isPlayer(e.p1) && ctx.isGameTeam(e.p1.teamId)) {
      ledger.playerRebound(e, e.p1.teamId === lastShooter);
    } else if (e.type === EventType.Turnover && ctx.isGameTeam(actingTeam(e))) {
      ledger.turnover(e, actingTeam(e), stealer(e));
    } else if (e.type === EventType.Foul && isPersonalFoul(e) && isPlayer(e.p1)) {
      ledger.personalFoul(e);
    }
    ledger.checkCounters(e);
  }
  return ledger;
}

const team = (ledger: StatLedger, teamId: number) => {
  const players = [...ledger.players.values()].filter((p) => p.teamId === teamId);
  const sum = (k: 'fgm' | 'fga' | 'fg3m' | 'fg3a' | 'ftm' | 'fta' | 'oreb' | 'dreb' | 'ast' | 'stl' | 'blk' | 'tov'): number =>
    players.reduce((s, p) => s + p.box[k], 0);
  return {
    fgm: sum('fgm'),
    fga: sum('fga'),
    fg3m: sum('fg3m'),
    fg3a: sum('fg3a'),
    ftm: sum('ftm'),
    fta: sum('fta'),
    oreb: sum('oreb'),
    dreb: sum('dreb'),
    ast: sum('ast'),
    stl: sum('stl'),
    blk: sum('blk'),
    tov: sum('tov') + ledger.teamBox.get(teamId)!.tov,
    pts: ledger.points(teamId),
  };
};

describe.skipIf(!hasData)('StatLedger on real games', () => {
  it.each(['0021200001', '0021200982', '0021200142'])('adds up to the official team box score of %s', async (code) => {
    const f = await loadGame(code);
    const ledger = ledgerOf(f);
    const official = await officialBox(code);
    for (const t of [f.game.homeTeamId, f.game.awayTeamId]) {
      const { min: _min, ...box } = official.get(t)!;
      expect(team(ledger, t)).toEqual(box);
    }
  });

  it('agrees with every running counter of the descriptions in 0021200001 (PTS, AST, Off/Def)', async () => {
    const ledger = ledgerOf(await loadGame('0021200001'));
    const c = ledger.counterChecks;
    // Every counter the raw play-by-play carries is checked: counted here straight from the file.
    const [raw] = await sql(
      `SELECT count(*) FILTER (WHERE EVENTMSGTYPE IN (1, 3) AND PERSON1TYPE IN (4, 5) AND regexp_matches(d, '\\(\\d+ PTS\\)'))::INTEGER AS pts,
              count(*) FILTER (WHERE EVENTMSGTYPE = 1 AND PERSON2TYPE IN (4, 5) AND regexp_matches(d, '\\([^()]* \\d+ AST\\)'))::INTEGER AS ast,
              count(*) FILTER (WHERE EVENTMSGTYPE = 4 AND PERSON1TYPE IN (4, 5) AND regexp_matches(d, '\\(Off:\\d+ Def:\\d+\\)'))::INTEGER AS reb
         FROM (SELECT *, concat_ws(' ', HOMEDESCRIPTION, NEUTRALDESCRIPTION, VISITORDESCRIPTION) AS d FROM read_parquet($f) WHERE GAME_ID = '0021200001')`,
      { f: path.join(dataDir, 'pbp', 'regular', '2012-13.parquet') },
    );
    expect([c.ptsCounters, c.astCounters, c.rebCounters]).toEqual([raw!.pts, raw!.ast, raw!.reb]);
    expect([c.ptsCountersOk, c.astCountersOk, c.rebCountersOk]).toEqual([c.ptsCounters, c.astCounters, c.rebCounters]);
    expect(ledger.counterMismatches).toEqual([]);
  });

  it.each([
    ['0021200982', 71],
    ['0021200037', 298],
  ])('classifies rebounds by their "(Off:x Def:y)" counters where the last shot misleads (%s #%i)', async (code, eventNum) => {
    const f = await loadGame(code);
    const ledger = ledgerOf(f);
    expect(f.events.some((e) => e.eventNum === eventNum && e.type === EventType.Rebound)).toBe(true);
    expect(ledger.counterMismatches.filter((m) => m.kind === 'reb')).toEqual([]);
    expect(ledger.counterChecks.rebCountersOk).toBe(ledger.counterChecks.rebCounters);
  });

  it('catches a duplicated row: counting both copies of 0021400417 #369 breaks the next running counters', async () => {
    const f = await loadGame('0021400417');
    expect(ledgerOf(f).counterMismatches).toEqual([]);
    const copy = f.events.find((e) => e.eventNum === 369)!;
    const withCopy = f.events.flatMap((e) => (e === copy ? [e, { ...e }] : [e]));
    const mismatches = ledgerOf(f, withCopy).counterMismatches;
    expect(mismatches.some((m) => m.kind === 'pts' && m.playerId === copy.p1.id)).toBe(true);
    expect(mismatches.some((m) => m.kind === 'ast' && m.playerId === copy.p2.id)).toBe(true);
  });
});
