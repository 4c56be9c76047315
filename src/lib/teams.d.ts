/**
 * The 30 franchises of the league. One team id is one franchise across relocations and renames;
 * `historicalAbbrs` lists the abbreviations the franchise published under in 2003-04..2022-23.
 * `id` is a stable uuid (v5 of the league team id) used by the spec's Team entity; `teamId` is the league id
 * found in the play-by-play. Colours are used to draw our own logos (no trademarked art).
 */
export interface Team {
    /** stable uuid */
    id: string;
    /** league team id (1610612737..1610612766) */
    teamId: number;
    /** current abbreviation, upper case */
    abbr: string;
    /** full name, e.g. "Boston Celtics" */
    name: string;
    /** nickname, e.g. "Celtics" */
    short_name: string;
    city: string;
    historicalAbbrs: readonly string[];
    colors: {
        primary: string;
        secondary: string;
    };
}
export declare const TEAMS: readonly Team[];
/** Team by current or historical abbreviation, case-insensitive. */
export declare function teamByAbbr(abbr: string): Team | undefined;
/** Team by league team id. */
export declare function teamByTeamId(teamId: number): Team | undefined;
/** Team by uuid. */
export declare function teamByUuid(id: string): Team | undefined;
