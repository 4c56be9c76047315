/**
 * A TCP port of 127.0.0.1 nobody listens on, asked from the operating system. Plain TypeScript with erasable
 * syntax only (scripts/pgCluster.ts, which Node runs directly, imports it).
 */
import net from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
