import { createServer, Socket, type AddressInfo } from 'node:net';

/**
 * A TCP proxy of the test's own between the app's pool and PostgreSQL (docs/reliability.md,
 * "Database outage"), so a test can cut the database off without stopping the shared server.
 * `cut()` destroys every open connection and resets each new one at once; `restore()` lets new
 * connections through.
 */
export interface TcpProxy {
  /** `url` with its host and port replaced by the proxy's. */
  readonly url: string;
  readonly port: number;
  /** Connections forwarded so far, and refused while cut. */
  readonly counts: { forwarded: number; refused: number };
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetHost = target.hostname || '127.0.0.1';
  const targetPort = Number(target.port || 5432);
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  const counts = { forwarded: 0, refused: 0 };
  let isCut = false;

  const server = createServer((client) => {
    if (isCut) {
      counts.refused += 1;
      client.resetAndDestroy();
      return;
    }
    counts.forwarded += 1;
    const upstream = new Socket();
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    upstream.connect(targetPort, targetHost);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.toString(),
    port,
    counts,
    cut() {
      isCut = true;
      for (const { client, upstream } of pairs) {
        client.resetAndDestroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    restore() {
      isCut = false;
    },
    close() {
      isCut = true;
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
