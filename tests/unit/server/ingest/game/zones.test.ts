import { describe, expect, it } from 'vitest';
import { descriptionDistance, zoneOf } from '../../../../../src/server/ingest/game/zones.ts';
import type { ShotLocation } from '../../../../../src/server/ingest/read/types.ts';

/** A shot-location row as published: SHOT_DISTANCE in whole feet, LOC_Y from the baseline (hoop at 5.25 ft). */
const loc = (x: number, y: number, corner = false, distance: number | null = Math.floor(Math.hypot(x, y - 5.25))): ShotLocation => ({
  playerId: 1,
  period: 1,
  clock: 600,
  made: true,
  value: 2,
  corner,
  locX: x,
  locY: y,
  distance,
});

describe('shot zones (METRICS.md)', () => {
  it('reads the distance written in a description', () => {
    expect(descriptionDistance("Curry 27' 3PT Jump Shot")).toBe(27);
    expect(descriptionDistance('James Driving Layup Shot')).toBeNull();
  });
  it('puts a two under 4 ft at the rim, 4 to under 14 ft short mid-range, 14 ft or more long mid-range', () => {
    expect(zoneOf(2, '', loc(0, 5.25 + 3.9)).zone).toBe('rim');
    expect(zoneOf(2, '', loc(0, 5.25 + 4)).zone).toBe('short_mid');
    expect(zoneOf(2, '', loc(0, 5.25 + 13.9)).zone).toBe('short_mid');
    expect(zoneOf(2, '', loc(0, 5.25 + 14)).zone).toBe('long_mid');
  });
  it('measures from the basket, not from the baseline: a layup at LOC_Y 6 ft published at 1 ft is a rim shot', () => {
    // 2012-13 'Restricted Area' shots average LOC_Y 6.0 ft and SHOT_DISTANCE 1.2 ft.
    expect(zoneOf(2, 'James Driving Layup Shot', loc(0.5, 6, false, 1))).toEqual({ zone: 'rim', distance: 1, source: 'location' });
  });
  it('trusts the published distance over x/y (2019-20 and 2020-21 use another x/y origin)', () => {
    expect(zoneOf(2, '', loc(0, 9, false, 8)).zone).toBe('short_mid');
  });
  it('falls back to x/y measured from the basket when no distance was published', () => {
    expect(zoneOf(2, '', loc(0, 7, false, null)).zone).toBe('rim');
  });
  it('takes corner threes from the shot-location zone when there is one', () => {
    expect(zoneOf(3, "25' 3PT", loc(22, 1, true)).zone).toBe('corner3');
    expect(zoneOf(3, "22' 3PT", loc(2, 22, false)).zone).toBe('noncorner3');
  });
  it('without location data, calls a three written at 24 ft or less (the 22 ft corner, as the play-by-play writes it) a corner three', () => {
    expect(zoneOf(3, "24' 3PT Jump Shot", null)).toEqual({ zone: 'corner3', distance: 24, source: 'description' });
    expect(zoneOf(3, "25' 3PT Jump Shot", null).zone).toBe('noncorner3');
  });
  it('without any distance, calls layups, dunks and tips rim shots and other twos short mid-range', () => {
    expect(zoneOf(2, 'Howard Slam Dunk', null)).toEqual({ zone: 'rim', distance: null, source: 'shot_type' });
    expect(zoneOf(2, 'Duncan Tip Shot', null).zone).toBe('rim');
    expect(zoneOf(2, 'Nowitzki Fadeaway Jump Shot', null).zone).toBe('short_mid');
  });
});
