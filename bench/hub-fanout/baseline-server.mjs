// The baseline of hub-fanout (bench/README.md): a minimal `ws` server that broadcasts the same
// payload bytes as the product's hub (the SignalR invocation record, \x1e included) at the same
// rate with the same stamping. A client says which event it wants in the URL (`/?event=<id>`);
// each push is serialised once and written to that event's sockets. Nothing else: no tickets,
// no handshake, no pings, no limits. Controlled over stdin like hub-server.mjs.
import { WebSocketServer } from 'ws';
import { control, FIRST_EVENT_ID, PUSH_HZ, pushLoop } from './odds.mjs';

const groups = new Map();
const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
server.on('connection', (socket, request) => {
  const eventId = Number(new URL(request.url ?? '/', 'http://baseline').searchParams.get('event'));
  let members = groups.get(eventId);
  if (!members) groups.set(eventId, (members = new Set()));
  members.add(socket);
  socket.on('close', () => members.delete(socket));
  socket.on('error', () => {});
});

const pushes = pushLoop((eventId, payload) => {
  const members = groups.get(eventId);
  if (!members) return;
  const record = `${JSON.stringify({ type: 1, target: 'GetActiveBM', arguments: [payload] })}\u001e`;
  const bytes = Buffer.from(record);
  for (const socket of members) socket.send(bytes, { binary: false });
});

const shutdown = () => {
  pushes.stop();
  for (const socket of server.clients) socket.terminate();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await new Promise((resolve) => server.once('listening', resolve));
const say = control(
  {
    start: (events) => {
      pushes.start(Number(events));
    },
    stop: () => pushes.stop(),
    size: () => server.clients.size,
  },
  shutdown,
);
say(`ready ${server.address().port} ${FIRST_EVENT_ID} ${PUSH_HZ}`);
