import { validLogin } from '@backlay/contract/auth';
import { getHubTicket } from '@backlay/contract/hub';

/** The demo clients' password (the README's demo logins). */
export const DEMO_PASSWORD = 'Backlay@2026';

export interface Login {
  readonly token: string;
  readonly uid: number;
}

/** A demo client's login over HTTP, as the web client makes it: the benches' hub clients start here. */
export async function login(base: string, username: string): Promise<Login> {
  const response = await fetch(`${base}${validLogin.path}?ipAddress=127.0.0.1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD, LatLong: '28.61,77.21' }),
  });
  const body = (await response.json()) as {
    Status?: boolean;
    data?: { Token: string; uid: number };
  };
  if (!body.Status || !body.data) throw new Error(`login ${username}: ${JSON.stringify(body)}`);
  return { token: body.data.Token, uid: body.data.uid };
}

/** A one-use hub ticket for a session (the negotiate and the connection each take one). */
export async function hubTicket(base: string, token: string): Promise<string> {
  const response = await fetch(`${base}${getHubTicket.path}`, {
    method: getHubTicket.method,
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { Status?: boolean; Result?: { ticket?: unknown } };
  const ticket = body.Status ? body.Result?.ticket : undefined;
  if (typeof ticket !== 'string') throw new Error(`ticket: ${JSON.stringify(body)}`);
  return ticket;
}
