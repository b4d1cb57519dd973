// The api-reads baseline (bench/README.md): bare node:http answering the exact bytes the product
// answered for each URL — its status, body and the headers that matter (content-type,
// content-length, the security and cache headers), captured once from the product. Node itself
// adds Date, Connection and Keep-Alive, as it does for the product (Fastify runs on node:http).
// No routing framework, no auth, no database, no validation, no serialization: what the machine
// can do for the same answer.
//
//   node bench/api-reads/baseline-server.mjs <captured.json>   → prints "listening on <port>"
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const file = process.argv[2];
if (!file) {
  console.error('usage: node baseline-server.mjs <captured.json>');
  process.exit(2);
}

/** @type {{ url: string; status: number; headers: [string, string][]; body: string }[]} */
const captured = JSON.parse(readFileSync(file, 'utf8'));
const answers = new Map(
  captured.map((entry) => [
    entry.url,
    {
      status: entry.status,
      headers: entry.headers.flat(),
      body: Buffer.from(entry.body, 'base64'),
    },
  ]),
);

const server = createServer((request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404, { 'content-length': '0' });
    response.end();
    return;
  }
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
});

// Fastify's default, so that even the Keep-Alive header reads the same.
server.keepAliveTimeout = 72_000;

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening on ${typeof address === 'object' ? address?.port : address}\n`);
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
