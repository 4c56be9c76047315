/**
 * DuckDB's allocator (jemalloc) keeps the pages it freed for reuse, resident: after the games phase about 600 MB
 * that no step used any more, under the hooks' own 640 MB (a full build's peak 1.57-1.73 GB). Giving them back
 * at once keeps a full build at 1.35 GB (issue 25's goal: 1.5 GB), each step about a third slower.
 *
 * jemalloc reads this when DuckDB first allocates, so the ingest's entry (cli.ts) imports this module before
 * anything that opens a database. An operator's own setting is kept.
 */
process.env.DUCKDB_JE_MALLOC_CONF ??= 'dirty_decay_ms:0,muzzy_decay_ms:0';
