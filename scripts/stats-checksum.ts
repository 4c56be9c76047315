/**
 * `npm run stats:checksum -- --verify PATH` / `--write PATH`: a stats file's whole-file checksum
 * (src/server/db/statsFileChecksum.ts), `PATH.sha256` beside it.
 * --verify hashes the file and compares it with its checksum: exit 0 when it matches, 1 when the file is
 *   damaged, has no checksum or does not exist (the line says which).
 * --write hashes the file as it is now and writes its checksum: for a file built before checksums or built by
 *   hand, which production refuses without one. It vouches for the file: check it first
 *   (`npm run verify:data -- --db PATH`). The ingest and the rebuild scripts write theirs themselves.
 * Example: `npm run stats:checksum -- --write data/stats.duckdb` writes data/stats.duckdb.sha256.
 */
import { checksumPath, verifyStatsFileChecksum, writeStatsFileChecksum } from '../src/server/db/statsFileChecksum.ts';

const [mode, file, ...rest] = process.argv.slice(2);
if ((mode !== '--verify' && mode !== '--write') || !file || rest.length > 0) {
  console.error('usage: npm run stats:checksum -- --verify PATH | --write PATH');
  process.exit(2);
}

if (mode === '--write') {
  const started = performance.now();
  const digest = await writeStatsFileChecksum(file).catch((error: unknown) => {
    console.error(`${file}: ${(error as Error).message}`);
    process.exit(1);
  });
  console.log(`${checksumPath(file)}: ${digest} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
} else {
  const check = await verifyStatsFileChecksum(file).catch((error: unknown) => {
    console.error(`${file}: ${(error as Error).message}`);
    process.exit(1);
  });
  switch (check.status) {
    case 'verified':
      console.log(`${file}: intact (SHA-256 ${check.digest}, ${(check.bytes / 1e6).toFixed(0)} MB in ${check.seconds.toFixed(1)} s)`);
      break;
    case 'damaged':
      console.error(`${file}: damaged: ${check.reason}`);
      process.exit(1);
      break;
    case 'no-checksum':
      console.error(`${file}: no checksum (${checksumPath(file)} is missing): add one with --write if you trust the file`);
      process.exit(1);
      break;
    case 'missing':
      console.error(`${file}: no such file`);
      process.exit(1);
      break;
    case 'unreadable':
      console.error(`${file}: cannot be read: ${check.reason}`);
      process.exit(1);
  }
}
