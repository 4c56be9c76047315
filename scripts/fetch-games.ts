/** `npm run fetch-games -- --date YYYY-MM-DD --out DIR [--base URL]`: see src/server/feed/fetchGames.ts. */
import { config } from '../src/server/config.ts';
import { fetchGamesCli } from '../src/server/feed/fetchGamesCli.ts';

process.exitCode = await fetchGamesCli(process.argv.slice(2), config.feedBaseUrl, config.authUrl);
