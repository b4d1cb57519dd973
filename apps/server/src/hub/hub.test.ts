import type { HubMessageName, HubPush } from '@backlay/contract/hub';
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  bearer,
  buildTestApp,
  createTestClient,
  login,
  OPS_TOKEN,
  operatorLogin,
} from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { manualClock, systemRandom } from '../seams.js';
import { createHub, eventGroup, MAX_BUFFERED_BYTES, TICKET_TTL_MS, type Hub } from './hub.js';
import { RECORD_SEPARATOR } from './protocol.js';
import { createRiskPushes } from './risk-pushes.js';
import { TICKET_SWEEP_MS } from './timeouts.js';

/**
 * A push for the hub's transport tests: what it carries is not what is tested, so its payload
 * holds only what the test reads (a push the product makes is checked whole: publisher.test.ts).
 */
const loosePush = (target: HubMessageName, payload: object) => ({ target, payload }) as HubPush;

let database: TestDatabase;
let app: FastifyInstance;
let hub: Hub;
let base: string;
const clock = manualClock(new Date());
const open: HubConnection[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  hub = createHub({
    db: database.db,
    clock,
    random: systemRandom,
    secret: Buffer.alloc(32, 7),
    pingMs: 500,
    clientTimeoutMs: 30_000,
    handshakeTimeoutMs: 15_000,
    sessionMaxMs: 24 * 3600 * 1000,
    log: () => {},
  });
  app = await buildTestApp(database.db, { clock, hub });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop()));
  await hub.close();
  await app.close();
  await database.drop();
});

async function session(name: string) {
  await createTestClient(database.db, name);
  return login(app, name);
}

async function ticket(token: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/Hub/Ticket',
    headers: bearer(token),
  });
  return response.json<{ Result: { ticket: string } }>().Result.ticket;
}

function connect(
  token: string,
  uid: number,
  options: { serverTimeoutMs?: number; delays?: number[] } = {},
) {
  const connection = new HubConnectionBuilder()
    .withUrl(`${base}/MessageHub?userId=${uid}`, {
      transport: HttpTransportType.WebSockets,
      accessTokenFactory: () => ticket(token),
    })
    .withAutomaticReconnect(options.delays ?? [0, 200, 500, 1000])
    .withServerTimeout(options.serverTimeoutMs ?? 30_000)
    .configureLogging(LogLevel.None)
    .build();
  open.push(connection);
  return connection;
}

function received<T>(connection: HubConnection, target: string): T[] {
  const list: T[] = [];
  connection.on(target, (payload: T) => void list.push(payload));
  return list;
}

describe('hub with the official @microsoft/signalr client', () => {
  it('connects with tickets and receives broadcasts, group messages after SubscribeEvent, and its own bets only', async () => {
    const asha = await session('hub-asha');
    const ravi = await session('hub-ravi');
    const first = connect(asha.Token, asha.uid);
    const second = connect(ravi.Token, ravi.uid);
    const news = received<{ Message: string }>(first, 'updateNews');
    const grouped = received<{ EventId: number }>(first, 'EventSuspended');
    const strangers = received<{ EventId: number }>(second, 'EventSuspended');
    const mine = received<unknown>(first, 'BetPlacedMessage');
    const theirs = received<unknown>(second, 'BetPlacedMessage');
    await first.start();
    await second.start();
    expect(first.state).toBe(HubConnectionState.Connected);

    await app.inject({
      method: 'POST',
      url: '/api/ops/news',
      payload: { message: 'Hub news' },
      headers: bearer(OPS_TOKEN),
    });
    await vi.waitFor(() => expect(news).toEqual([{ Message: 'Hub news' }]));

    await first.invoke('SubscribeEvent', 42);
    hub.publisher.toGroup(eventGroup(42), loosePush('EventSuspended', { EventId: 42 }));
    await vi.waitFor(() => expect(grouped).toEqual([{ EventId: 42 }]));

    hub.publisher.toUser(String(asha.uid), {
      target: 'BetPlacedMessage',
      payload: {
        EventId: 1,
        MarketId: '1.1',
        MarketType: 'MATCH_ODDS',
      },
    });
    await vi.waitFor(() => expect(mine).toHaveLength(1));
    expect(theirs).toEqual([]);
    expect(strangers).toEqual([]);
  });

  it('sends a connection that joins an event what onEventJoined delivers, after the join, to it alone', async () => {
    const joiner = await session('hub-joiner');
    const bystander = await session('hub-bystander');
    const first = connect(joiner.Token, joiner.uid);
    const second = connect(bystander.Token, bystander.uid);
    const joined = received<{ EventId: number; Seq: number }>(first, 'GetActiveBM');
    const unjoined = received<{ EventId: number; Seq: number }>(second, 'GetActiveBM');
    await first.start();
    await second.start();
    await second.invoke('SubscribeEvent', 43);
    hub.onEventJoined(async (eventId, deliver) => {
      await Promise.resolve();
      deliver(loosePush('GetActiveBM', { EventId: eventId, Seq: 5 }));
    });
    try {
      await first.invoke('SubscribeEvent', 43);
      await vi.waitFor(() => expect(joined).toEqual([{ EventId: 43, Seq: 5 }]));
      // Still a member of the group: the next push reaches it as any other's.
      hub.publisher.toGroup(eventGroup(43), loosePush('GetActiveBM', { EventId: 43, Seq: 6 }));
      await vi.waitFor(() => expect(joined).toHaveLength(2));
      expect(unjoined).toEqual([{ EventId: 43, Seq: 6 }]);
    } finally {
      hub.onEventJoined(() => Promise.resolve());
    }
  });

  it("sends a user's messages to every connection of that user, and to no one else's", async () => {
    const meera = await session('hub-meera');
    const arjun = await session('hub-arjun');
    const phone = connect(meera.Token, meera.uid);
    const laptop = connect(meera.Token, meera.uid);
    const other = connect(arjun.Token, arjun.uid);
    const onPhone = received<{ n: number }>(phone, 'BetPlacedMessage');
    const onLaptop = received<{ n: number }>(laptop, 'BetPlacedMessage');
    const onOther = received<{ n: number }>(other, 'BetPlacedMessage');
    await Promise.all([phone.start(), laptop.start(), other.start()]);

    hub.publisher.toUser(String(meera.uid), loosePush('BetPlacedMessage', { n: 1 }));
    await vi.waitFor(() => {
      expect(onPhone).toEqual([{ n: 1 }]);
      expect(onLaptop).toEqual([{ n: 1 }]);
    });

    // A closed connection leaves the index: the next message reaches only the one still open.
    const connected = hub.size();
    await laptop.stop();
    await vi.waitFor(() => expect(hub.size()).toBe(connected - 1));
    hub.publisher.toUser(String(meera.uid), loosePush('BetPlacedMessage', { n: 2 }));
    hub.publisher.toUser(String(arjun.uid), loosePush('BetPlacedMessage', { n: 3 }));
    await vi.waitFor(() => {
      expect(onPhone).toEqual([{ n: 1 }, { n: 2 }]);
      expect(onOther).toEqual([{ n: 3 }]);
    });
    expect(onLaptop).toEqual([{ n: 1 }]);
    // Nobody's: a user without connections gets nothing, and nothing breaks.
    hub.publisher.toUser('999999999', loosePush('BetPlacedMessage', { n: 4 }));
    hub.publisher.toUser(String(meera.uid), loosePush('BetPlacedMessage', { n: 5 }));
    await vi.waitFor(() => expect(onPhone).toEqual([{ n: 1 }, { n: 2 }, { n: 5 }]));
    expect(onOther).toEqual([{ n: 3 }]);
    expect(onLaptop).toEqual([{ n: 1 }]);
  });

  it('delivers every event of docs/product.md#states with its payload', async () => {
    const user = await session('hub-every');
    const connection = connect(user.Token, user.uid);
    const names = [
      'UpdateMarketList',
      'GetActiveBM',
      'GetActiveSession',
      'EventSuspended',
      'inplaycount',
      'updateNews',
      'BetPlacedMessage',
    ];
    const got = new Map<string, unknown[]>();
    for (const name of names)
      connection.on(
        name,
        (payload: unknown) => void got.set(name, [...(got.get(name) ?? []), payload]),
      );
    await connection.start();
    await connection.invoke('SubscribeEvent', 7);
    hub.publisher.toAll({ target: 'UpdateMarketList', payload: { Seq: 1 } });
    hub.publisher.toGroup(
      eventGroup(7),
      loosePush('GetActiveBM', {
        Marketid: '7B',
        EventId: 7,
        Seq: 2,
        BMList: [],
      }),
    );
    hub.publisher.toGroup(
      eventGroup(7),
      loosePush('GetActiveSession', {
        MarketId: 7,
        Seq: 3,
        fancyList: [],
      }),
    );
    hub.publisher.toGroup(eventGroup(7), loosePush('EventSuspended', { EventId: 7 }));
    hub.publisher.toAll({ target: 'inplaycount', payload: { Count: 4 } });
    hub.publisher.toAll({ target: 'updateNews', payload: { Message: 'm' } });
    hub.publisher.toUser(String(user.uid), {
      target: 'BetPlacedMessage',
      payload: {
        EventId: 7,
        MarketId: '1.7',
        MarketType: 'MATCH_ODDS',
      },
    });
    await vi.waitFor(() => expect([...got.keys()].sort()).toEqual([...names].sort()));
    expect(got.get('GetActiveBM')).toEqual([{ Marketid: '7B', EventId: 7, Seq: 2, BMList: [] }]);
    expect(got.get('inplaycount')).toEqual([{ Count: 4 }]);
  });

  it('gives up after the last reconnect delay when the server stays unreachable', async () => {
    const user = await session('hub-giveup');
    let refuse = false;
    const connection = new HubConnectionBuilder()
      .withUrl(`${base}/MessageHub?userId=${user.uid}`, {
        transport: HttpTransportType.WebSockets,
        accessTokenFactory: async () => {
          if (refuse) throw new Error('no ticket for you');
          return ticket(user.Token);
        },
      })
      .withAutomaticReconnect([0, 100, 200, 300])
      .configureLogging(LogLevel.None)
      .build();
    open.push(connection);
    const closed = vi.fn();
    connection.onclose(closed);
    await connection.start();
    refuse = true;
    hub.dropAll('Server is restarting', true);
    await vi.waitFor(() => expect(closed).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(connection.state).toBe(HubConnectionState.Disconnected);
    expect(closed.mock.calls[0]?.[0]).toBeUndefined();
  });

  it('keeps the connection past a shortened server timeout with pings', async () => {
    const user = await session('hub-pinged');
    const connection = connect(user.Token, user.uid, { serverTimeoutMs: 1500 });
    const reconnecting = vi.fn();
    connection.onreconnecting(reconnecting);
    await connection.start();
    hub.start();
    // The hub reads the injected clock: keep it in step with the real one the client times with.
    const pings: number[] = [];
    const interval = setInterval(() => {
      clock.advance(250);
      if (connection.state === HubConnectionState.Connected) pings.push(1);
    }, 250);
    await vi.waitFor(() => expect(pings.length).toBeGreaterThanOrEqual(14), {
      timeout: 6000,
      interval: 250,
    });
    clearInterval(interval);
    expect(reconnecting).not.toHaveBeenCalled();
    expect(connection.state).toBe(HubConnectionState.Connected);
  });

  it('reconnects after a Close with allowReconnect, with a fresh ticket', async () => {
    const user = await session('hub-reconnect');
    const connection = connect(user.Token, user.uid);
    const reconnected = vi.fn();
    connection.onreconnected(reconnected);
    await connection.start();
    const before = connection.connectionId;
    hub.dropAll('Server is restarting', true);
    await vi.waitFor(() => expect(reconnected).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(connection.connectionId).not.toBe(before);
  });

  it('closes the connections of a session that logged out', async () => {
    const user = await session('hub-logout');
    const connection = connect(user.Token, user.uid);
    const closed = vi.fn();
    connection.onclose(closed);
    await connection.start();
    await app.inject({ url: '/api/Authenticate/logout', headers: bearer(user.Token) });
    await hub.tick();
    await vi.waitFor(() => expect(closed).toHaveBeenCalled());
    expect(connection.state).toBe(HubConnectionState.Disconnected);
  });
});

describe('hub authentication and protocol', () => {
  const negotiate = (query: string, ticketValue?: string) =>
    fetch(`${base}/MessageHub/negotiate?${query}`, {
      method: 'POST',
      headers: ticketValue ? { authorization: `Bearer ${ticketValue}` } : {},
    });

  it('refuses a missing, reused or expired ticket and another user’s userId', async () => {
    const user = await session('hub-auth');
    expect((await negotiate(`userId=${user.uid}&negotiateVersion=1`)).status).toBe(401);
    const once = await ticket(user.Token);
    const first = await negotiate(`userId=${user.uid}&negotiateVersion=1`, once);
    expect(first.status).toBe(200);
    const body = (await first.json()) as {
      negotiateVersion: number;
      connectionToken: string;
      availableTransports: unknown;
    };
    expect(body.negotiateVersion).toBe(1);
    expect(body.connectionToken).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(body.availableTransports).toEqual([
      { transport: 'WebSockets', transferFormats: ['Text'] },
    ]);
    expect((await negotiate(`userId=${user.uid}&negotiateVersion=1`, once)).status).toBe(401);
    const other = await ticket(user.Token);
    expect((await negotiate(`userId=${user.uid + 999}&negotiateVersion=1`, other)).status).toBe(
      403,
    );
    const late = await ticket(user.Token);
    clock.advance(61_000);
    expect((await negotiate(`userId=${user.uid}&negotiateVersion=1`, late)).status).toBe(401);
  });

  it('deletes the tickets past their expiry, used or not, on its tick once a minute, and keeps the others', async () => {
    const user = await session('hub-sweep');
    const tickets = async () =>
      (
        await database.db
          .selectFrom('hub_tickets')
          .select(['expires_at'])
          .where('client_id', '=', String(user.uid))
          .execute()
      ).map((row) => new Date(row.expires_at).getTime());
    const used = await ticket(user.Token);
    await negotiate(`userId=${user.uid}&negotiateVersion=1`, used);
    await ticket(user.Token);
    const mintedAt = clock.now().getTime();
    expect(await tickets()).toEqual([mintedAt + TICKET_TTL_MS, mintedAt + TICKET_TTL_MS]);

    // A minute after the last sweep, both have expired: the tick deletes them.
    clock.advance(TICKET_SWEEP_MS + 1);
    const fresh = await ticket(user.Token);
    await hub.tick();
    expect(await tickets()).toEqual([clock.now().getTime() + TICKET_TTL_MS]);
    // The one left still works.
    expect((await negotiate(`userId=${user.uid}&negotiateVersion=1`, fresh)).status).toBe(200);
  });

  it('answers a handshake in another protocol with an error record and closes; an unknown id gets 404', async () => {
    const user = await session('hub-raw');
    const negotiated = (await (
      await negotiate(`userId=${user.uid}&negotiateVersion=1`, await ticket(user.Token))
    ).json()) as {
      connectionToken: string;
    };
    const upgradeTicket = await ticket(user.Token);
    const socket = new WebSocket(
      `${base.replace('http', 'ws')}/MessageHub?userId=${user.uid}&id=${negotiated.connectionToken}&access_token=${upgradeTicket}`,
    );
    const messages: string[] = [];
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('message', (data: Buffer) => messages.push(data.toString()));
    await new Promise<void>((resolve) => socket.on('open', () => resolve()));
    socket.send(`{"protocol":"messagepack","version":1}${RECORD_SEPARATOR}`);
    await closed;
    expect(messages).toEqual([
      `{"error":"Only the json protocol, version 1, is supported"}${RECORD_SEPARATOR}`,
    ]);

    const stranger = new WebSocket(`${base.replace('http', 'ws')}/MessageHub?id=not-a-token`);
    const status = await new Promise<number>((resolve) =>
      stranger.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)),
    );
    expect(status).toBe(404);
  });
});

/** A raw socket past negotiate and the upgrade on the server at `origin`, a fresh ticket each. */
async function rawSocket(
  origin: string,
  uid: number | string,
  ticketFor: () => Promise<string>,
): Promise<WebSocket> {
  const negotiated = (await (
    await fetch(`${origin}/MessageHub/negotiate?userId=${uid}&negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await ticketFor()}` },
    })
  ).json()) as { connectionToken: string };
  return new WebSocket(
    `${origin.replace('http', 'ws')}/MessageHub?userId=${uid}&id=${negotiated.connectionToken}&access_token=${await ticketFor()}`,
  );
}

/** Opens a raw socket and answers its handshake: its messages as they come, and its close. */
async function handshake(socket: WebSocket) {
  const messages: string[] = [];
  socket.on('message', (data: Buffer) => messages.push(data.toString()));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) => socket.on('open', () => resolve()));
  socket.send(`{"protocol":"json","version":1}${RECORD_SEPARATOR}`);
  await vi.waitFor(() => expect(messages).toContain(`{}${RECORD_SEPARATOR}`));
  return { messages, closed };
}

/** A raw socket of a new client of the test app, its handshake answered. */
async function handshaken(name: string) {
  const user = await session(name);
  const socket = await rawSocket(base, user.uid, () => ticket(user.Token));
  return { user, socket, ...(await handshake(socket)) };
}

describe('group pushes', () => {
  it("sends a group's messages of one turn as one WebSocket message, in order", async () => {
    const { socket, messages } = await handshaken('hub-grouped');
    socket.send(
      `{"type":1,"invocationId":"1","target":"SubscribeEvent","arguments":[4242]}${RECORD_SEPARATOR}`,
    );
    await vi.waitFor(() =>
      expect(messages).toContain(`{"type":3,"invocationId":"1","result":null}${RECORD_SEPARATOR}`),
    );
    const before = messages.length;
    hub.publisher.toGroup(eventGroup(4242), loosePush('GetActiveBM', { EventId: 4242, Seq: 1 }));
    hub.publisher.toGroup(
      eventGroup(4242),
      loosePush('GetActiveSession', { MarketId: 4242, Seq: 2 }),
    );
    hub.publisher.toGroup(eventGroup(4243), loosePush('GetActiveBM', { EventId: 4243, Seq: 3 }));
    await vi.waitFor(() => expect(messages.length).toBe(before + 1));
    expect(messages.at(-1)).toBe(
      `{"type":1,"target":"GetActiveBM","arguments":[{"EventId":4242,"Seq":1}]}${RECORD_SEPARATOR}` +
        `{"type":1,"target":"GetActiveSession","arguments":[{"MarketId":4242,"Seq":2}]}${RECORD_SEPARATOR}`,
    );
  });
});

describe('hostile hub clients', () => {
  it('cuts a client that never reads once its send backlog passes the cap, instead of buffering forever', async () => {
    const { user, socket, closed } = await handshaken('hub-never-reads');
    let cut = false;
    void closed.then(() => (cut = true));
    // The client stops reading: the kernel's buffers fill, then the hub's own send queue. It
    // still pings now and then, so it is no silent client, and notices the cut by a reset write.
    const tcp = (socket as unknown as { _socket: { pause(): void } })._socket;
    tcp.pause();
    const payload = 'x'.repeat(30 * 1024);
    for (let sent = 0; sent < 16 * 1024 * 1024 + 2 * MAX_BUFFERED_BYTES && !cut;) {
      hub.publisher.toUser(String(user.uid), {
        target: 'updateNews',
        payload: { Message: payload },
      });
      sent += payload.length;
      if (sent % (20 * payload.length) === 0) socket.send(`{"type":6}${RECORD_SEPARATOR}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await vi.waitFor(() => expect(cut).toBe(true), { timeout: 5000 });
  });

  it('counts frames that carry no whole record against the message rate', async () => {
    const { socket, messages, closed } = await handshaken('hub-separators');
    for (let index = 0; index < 101; index += 1) socket.send(RECORD_SEPARATOR.repeat(3));
    await closed;
    expect(messages.at(-1)).toBe(`{"type":7,"error":"Too many messages"}${RECORD_SEPARATOR}`);
  });
});

describe('the drain', () => {
  it('tells every hub client to reconnect later when the app closes, and refuses upgrades meanwhile', async () => {
    const drainingHub = createHub({
      db: database.db,
      clock,
      random: systemRandom,
      secret: Buffer.alloc(32, 9),
      pingMs: 500,
      clientTimeoutMs: 30_000,
      handshakeTimeoutMs: 15_000,
      sessionMaxMs: 24 * 3600 * 1000,
      log: () => {},
    });
    const server = await buildTestApp(database.db, { clock, hub: drainingHub });
    const url = await server.listen({ port: 0, host: '127.0.0.1' });
    await createTestClient(database.db, 'hub-drain');
    const user = await login(server, 'hub-drain');
    const freshTicket = async () =>
      (
        await server.inject({ method: 'POST', url: '/api/Hub/Ticket', headers: bearer(user.Token) })
      ).json<{ Result: { ticket: string } }>().Result.ticket;
    const connectRaw = () => rawSocket(url, user.uid, freshTicket);
    const socket = await connectRaw();
    const { messages, closed: socketClosed } = await handshake(socket);

    await drainingHub.close();
    // HTTP still answers while the hub has closed; an upgrade in that window is refused.
    const late = await connectRaw();
    const status = await new Promise<number>((resolve) =>
      late.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)),
    );
    expect(status).toBe(503);
    await server.close();
    await socketClosed;
    expect(messages.at(-1)).toBe(
      `{"type":7,"error":"Server is restarting","allowReconnect":true}${RECORD_SEPARATOR}`,
    );
  });
});

describe("the back office's connections", () => {
  it('an operator hears RiskChanged with a ticket of their own; a client neither gets one nor hears it; logout ends it', async () => {
    const operator = await operatorLogin(app, clock, 'hub-ops', 'risk');
    const operatorTicket = async (token: string) =>
      app.inject({ method: 'POST', url: '/api/backoffice/hub-ticket', headers: bearer(token) });
    const asha = await session('hub-risk-asha');
    expect((await operatorTicket(asha.Token)).statusCode).toBe(401);

    const watching = new HubConnectionBuilder()
      .withUrl(`${base}/MessageHub?userId=0`, {
        transport: HttpTransportType.WebSockets,
        accessTokenFactory: async () =>
          (await operatorTicket(operator.token)).json<{ Result: { ticket: string } }>().Result
            .ticket,
      })
      .configureLogging(LogLevel.None)
      .build();
    open.push(watching);
    const heard = received<{ EventIds: number[] }>(watching, 'RiskChanged');
    const closed = new Promise<unknown>((resolve) => watching.onclose(resolve));
    await watching.start();
    const bettor = connect(asha.Token, asha.uid);
    const clientHeard = received<unknown>(bettor, 'RiskChanged');
    await bettor.start();

    const risk = createRiskPushes(hub.publisher, (work) => setImmediate(work));
    risk.changed(7);
    risk.changed(3);
    risk.changed(7);
    await vi.waitFor(() => expect(heard).toEqual([{ EventIds: [3, 7] }]));
    expect(clientHeard).toEqual([]);
    // Nor does a push to a client's id reach an operator.
    hub.publisher.toUser(String(asha.uid), loosePush('BetPlacedMessage', { EventId: 1 }));

    await app.inject({
      method: 'POST',
      url: '/api/backoffice/logout',
      headers: bearer(operator.token),
    });
    await hub.tick();
    await closed;
    expect(watching.state).toBe(HubConnectionState.Disconnected);
  });
});
