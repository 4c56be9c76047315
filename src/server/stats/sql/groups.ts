/** The group keys of the sums (sums.ts, playerSums.ts, presummed.ts). */

/** Group keys a caller may ask for; each maps to a column of every source. */
export type GroupKey = 'season' | 'season_type' | 'game_id' | 'team_id' | 'opp_team_id' | 'player_id' | 'lineup_id' | 'slot';

export const groupSelect = (keys: readonly GroupKey[], alias: string) => keys.map((k) => `${alias}.${k}`);
