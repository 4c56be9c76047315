/**
 * Per team, the last five given and what was made of it. A five stays on court for many events and possessions in
 * a row, so most look-ups repeat the one before for the same team: the five is compared as given (the same ids in
 * the same order) and its value reused, and only a changed five is worked out again (writer.ts lineup ids and slot
 * orders, parseGame.ts event rows' fives).
 */
export class LastFive<T> {
  private readonly last = new Map<number, { five: readonly number[]; value: T }>();

  /** The value kept for `team` when `five` is the five it was kept for, else undefined. */
  get(team: number, five: readonly number[]): T | undefined {
    const memo = this.last.get(team);
    if (!memo || memo.five.length !== five.length) return undefined;
    for (let i = 0; i < five.length; i++) if (memo.five[i] !== five[i]) return undefined;
    return memo.value;
  }

  /** Keep `value` for `team`'s five (a copy of it: the caller's array may change). */
  set(team: number, five: readonly number[], value: T): T {
    this.last.set(team, { five: five.slice(), value });
    return value;
  }
}
