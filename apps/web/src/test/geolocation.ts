import { vi } from 'vitest';

type Mode = 'known' | 'denied' | 'unavailable' | 'silent';

/** A navigator.geolocation that answers as told: a position, a denial, an error, or nothing yet. */
export function stubGeolocation(mode: Mode) {
  const watchPosition = vi.fn(
    (success: PositionCallback, failure?: PositionErrorCallback | null) => {
      queueMicrotask(() => {
        if (mode === 'known') {
          const position = { coords: { latitude: 19.076, longitude: 72.8777 } };
          success(position as GeolocationPosition);
        } else if (mode === 'denied' || mode === 'unavailable') {
          failure?.({
            code: mode === 'denied' ? 1 : 2,
            PERMISSION_DENIED: 1,
            POSITION_UNAVAILABLE: 2,
            TIMEOUT: 3,
            message: mode,
          });
        }
      });
      return 1;
    },
  );
  vi.stubGlobal('navigator', { ...navigator, geolocation: { watchPosition, clearWatch: vi.fn() } });
  return { watchPosition };
}
