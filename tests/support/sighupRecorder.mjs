/**
 * A process standing in for the server's side of a switch, for the nightly's own tests: it answers GET /readyz
 * with {stats: {file: N}} on 127.0.0.1 (the port printed on its first line) and adds one to N at each SIGHUP,
 * unless started with REFUSE=1 (a server refusing the new file keeps its number).
 */
import http from 'node:http';

let file = 1;
process.on('SIGHUP', () => {
  if (process.env.REFUSE !== '1') file++;
});
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ready: true, stats: { ok: true, file } }));
});
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
process.on('SIGTERM', () => process.exit(0));
