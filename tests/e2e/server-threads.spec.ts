/**
 * The built server as `npm run serve` starts it: React's production build renders its pages (the process says so
 * at start, from the modules it loaded), and every thread but the main one (DuckDB's, libuv's pool, V8's helpers)
 * runs at nice WORKER_THREAD_NICENESS, read from /proc for each thread of the process, so that requests on the main
 * thread never wait behind a heavy computation for the cores.
 */
import fs from 'node:fs';
import { expect, test } from './fixtures';
import { startServer, waitListening, type ServerProcess } from './serverProcess';

/** Each thread's nice value, by thread id (field 19 of /proc/<pid>/task/<tid>/stat). */
function niceness(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), Number(fields[16]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

let server: ServerProcess;
test.beforeAll(async () => {
  server = startServer({ WORKER_THREAD_NICENESS: '7' });
  await waitListening(server);
});
test.afterAll(() => server?.stop());

test("pages are rendered by React's production build, and helper threads yield to the main thread", async () => {
  expect(server.output()).toContain('React: production build');
  // a stats answer and a page: DuckDB and libuv's pool have started their threads
  expect((await fetch(`${server.base}/api/data?page=Players&season=2022&metric_set=OffensiveOverview`)).status).toBe(200);
  expect((await fetch(`${server.base}/stats/players`)).status).toBe(200);
  await expect
    .poll(
      () => {
        const nice = niceness(server.pid);
        const helpers = [...nice].filter(([tid]) => tid !== server.pid).map(([, n]) => n);
        return { main: nice.get(server.pid), helpers: helpers.length > 4, allLowered: helpers.every((n) => n === 7) };
      },
      { timeout: 15_000 },
    )
    .toEqual({ main: 0, helpers: true, allLowered: true });
});
