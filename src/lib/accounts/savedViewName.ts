/**
 * The longest name a saved view may have, in characters once trimmed: src/server/accounts/savedViews.ts refuses a
 * longer one, and the Save view control and the account page's rename field bound their inputs by it. Example: a
 * name of 80 characters is kept; one of 81 is refused with "The name is too long: at most 80 characters."
 */
export const VIEW_NAME_MAX = 80;
