import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { createSignal, useSignal } from './signal';

/**
 * Whether the live link is lost: the app's hub provider says when its connection drops and when
 * it is back; the browser says when it goes offline (through TanStack Query's online manager,
 * which also pauses and resumes the polls). Screens read it to grey out what may be old.
 */
let isHubLost = false;
const hubLost = createSignal(() => isHubLost);

export function setHubLost(lost: boolean): void {
  if (isHubLost === lost) return;
  isHubLost = lost;
  hubLost.notify();
}

/**
 * Whether the hub connection is up: prices come with their data through it, so the odds polls
 * slow to a safety net (features/event/api/polling.ts) and take over again when it is not.
 */
let isHubConnected = false;

export function setHubConnected(connected: boolean): void {
  isHubConnected = connected;
}

export function hubIsConnected(): boolean {
  return isHubConnected;
}

/** The hub connection dropped (reconnecting, or closed and starting again) and is not back. */
export function useIsHubLost(): boolean {
  return useSignal(hubLost);
}

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const readOnline = () => onlineManager.isOnline();

export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, readOnline, readOnline);
}

/** What the connection banner says while the link is lost. */
export const CONNECTION_LOST = 'Connection lost — reconnecting…';

/** The browser is offline or the hub connection is lost. */
export function useIsConnectionLost(): boolean {
  const isOnline = useIsOnline();
  const hubLost = useIsHubLost();
  return !isOnline || hubLost;
}
