/** `npm run nightly`: fetch yesterday's and today's finished games, update the stats file, switch the server (src/server/feed/nightly.ts). */
import { config } from '../src/server/config.ts';
import { nightlyCli } from '../src/server/feed/nightlyCli.ts';

process.exitCode = await nightlyCli(process.argv.slice(2), config);
