import { HUB_PATH as CONTRACT_HUB_PATH } from '@backlay/contract/hub/client';
import { describe, expect, it } from 'vitest';
import { cacheName, HUB_PATH, manifestIcons, requestStrategy } from './strategy';

const ORIGIN = 'https://skyexch.com';
const get = (path: string, mode: RequestMode = 'cors') => ({
  method: 'GET',
  url: `${ORIGIN}${path}`,
  mode,
});

describe('the service worker’s choice for a request', () => {
  it('never answers an API call, the hub or a money call, whatever the method or mode', () => {
    for (const path of [
      '/api/MarketModels/GetRates?marketids=1.2',
      '/api/Wallet/GetBalance',
      '/API/Site/Config',
      '/MessageHub/negotiate?userId=1',
      '/messagehub?id=x',
    ]) {
      expect(requestStrategy(get(path), ORIGIN), path).toBe('network');
      expect(requestStrategy(get(path, 'navigate'), ORIGIN), path).toBe('network');
    }
    const bet = {
      method: 'POST',
      url: `${ORIGIN}/api/UserBetModels/PostUserBetModel`,
      mode: 'cors' as const,
    };
    expect(requestStrategy(bet, ORIGIN)).toBe('network');
    expect(requestStrategy({ ...get('/assets/index-abc.js'), method: 'HEAD' }, ORIGIN)).toBe(
      'network',
    );
  });

  it('fetches a page from the network, falling back to the offline page', () => {
    expect(requestStrategy(get('/', 'navigate'), ORIGIN)).toBe('page');
    expect(requestStrategy(get('/market/4/123', 'navigate'), ORIGIN)).toBe('page');
  });

  it('keeps built files, fonts and brand images, and nothing else', () => {
    for (const path of [
      '/assets/index-3f2a.js',
      '/assets/noto-sans-devanagari-devanagari-400-normal-ab12.woff2',
      '/brand/skyexch-logo.svg',
      '/banners/banner-cricket.svg',
      '/cards/matka.svg',
      '/casino/roulette.svg',
      '/payments/upi.svg',
      '/icons/skyexch-192.png',
      '/favicon.svg',
    ]) {
      expect(requestStrategy(get(path), ORIGIN), path).toBe('static');
    }
    for (const path of [
      '/sw.js',
      '/manifest.webmanifest',
      '/offline.html',
      '/pages/route-0.html',
    ]) {
      expect(requestStrategy(get(path), ORIGIN), path).toBe('network');
    }
  });

  it('leaves other origins alone: the live TV page and the casino', () => {
    const tv = {
      method: 'GET',
      url: 'https://skyexch.com:8082/watch/1',
      mode: 'navigate' as const,
    };
    expect(requestStrategy(tv, ORIGIN)).toBe('network');
    expect(requestStrategy(get('/assets/x.js'), 'https://other.example')).toBe('network');
  });

  it('knows the hub by the contract’s path', () => {
    expect(HUB_PATH).toBe(CONTRACT_HUB_PATH);
  });
});

describe('the worker’s caches', () => {
  it('names one cache per build', () => {
    expect(cacheName('f4aeba4614c897ff')).toBe('backlay-f4aeba4614c897ff');
  });

  it('keeps the icons a manifest names, and none of an odd one', () => {
    expect(
      manifestIcons({
        icons: [{ src: '/icons/backlay-192.png', sizes: '192x192' }, { src: 7 }, null, 'x'],
      }),
    ).toEqual(['/icons/backlay-192.png']);
    expect(manifestIcons({ icons: 'none' })).toEqual([]);
    expect(manifestIcons(null)).toEqual([]);
  });
});
