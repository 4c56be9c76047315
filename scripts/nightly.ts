/** `npm run nightly`: fetch yesterday's and today's finished games, update the stats file, switch the server, mail the alerts (src/server/feed/nightly.ts). */
import { config } from '../src/server/config.ts';
import { ALERTS_COMMAND, UPDATE_COMMAND, nightlyCli } from '../src/server/feed/nightlyCli.ts';

process.exitCode = await nightlyCli(process.argv.slice(2), config, UPDATE_COMMAND, ALERTS_COMMAND);
