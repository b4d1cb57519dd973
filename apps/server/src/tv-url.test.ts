import { describe, expect, it } from 'vitest';
import { tvFrameOrigins, tvUrlOf } from './tv-url.js';

describe("where an event's TV is", () => {
  it('uses TV_URL when configured, else the built-in page on the host the visitor used', () => {
    expect(tvUrlOf('https://tv.example.com/watch/{eventId}', 8082)(7, 'localhost')).toBe(
      'https://tv.example.com/watch/7',
    );
    expect(tvUrlOf(undefined, 8082)(7, 'skyexch.localhost')).toBe(
      'http://skyexch.localhost:8082/tv/7',
    );
    expect(tvUrlOf(undefined, 8082)(7, '::1')).toBe('http://[::1]:8082/tv/7');
    expect(tvUrlOf(undefined, undefined)(7, 'localhost')).toBeNull();
  });

  it('lets exactly that origin into the CSP frame-src', () => {
    expect(tvFrameOrigins('https://tv.example.com/watch/{eventId}', 8082)).toEqual([
      'https://tv.example.com',
    ]);
    expect(tvFrameOrigins(undefined, 8082)).toEqual(['http://*:8082']);
    expect(tvFrameOrigins(undefined, undefined)).toEqual([]);
  });
});
