// The baseline of the feed's push latency (bench/README.md, "feed"): a minimal `ws` server on
// the product's core that sends its clients the product's own UpdateMarketOdds record (the
// SignalR invocation text the hub sent, \x1e included, captured by feed.perf.ts) every 500 ms,
// the feed's tick, its Seq replaced by Date.now() at the send. What is left is the floor: the
// machine's scheduling, the loopback and the client's event loop. Nothing else: no tickets, no
// handshake, no feed, no database.
//
//   node baseline-server.mjs <record-file>
//
// stdin, one command a line: `start` (push every 500 ms), `stop`; each answered on stdout.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { WebSocketServer } from 'ws';

const TICK_MS = 500;
const [recordFile] = process.argv.slice(2);
if (!recordFile) throw new Error('usage: baseline-server.mjs <record-file>');
const record = readFileSync(recordFile, 'utf8');
if (!/"Seq":\d+/.test(record)) throw new Error('the record has no Seq');

const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
server.on('connection', (socket) => socket.on('error', () => {}));
let timer;

const push = () => {
  const bytes = Buffer.from(record.replace(/"Seq":\d+/g, `"Seq":${Date.now()}`));
  for (const socket of server.clients) socket.send(bytes, { binary: false });
};

const say = (text) => process.stdout.write(`${text}\n`);
const shutdown = () => {
  clearInterval(timer);
  for (const socket of server.clients) socket.terminate();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
createInterface({ input: process.stdin })
  .on('line', (line) => {
    const command = line.trim();
    if (command === 'start') {
      clearInterval(timer);
      timer = setInterval(push, TICK_MS);
    } else if (command === 'stop') {
      clearInterval(timer);
    }
    say(command);
  })
  .on('close', shutdown);

await new Promise((resolve) => server.once('listening', resolve));
say(`listening ${server.address().port}`);
