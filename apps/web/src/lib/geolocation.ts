import { useEffect, useState } from 'react';

export type Geolocation =
  | { readonly status: 'pending' }
  | { readonly status: 'known'; readonly latLong: string }
  | { readonly status: 'denied' }
  | { readonly status: 'unavailable' };

export const LOCATION_DENIED_ALERT = 'Please Allow Location to Access this Application';

/**
 * The browser's location as docs/product.md#entities's `LatLong` ('lat,long'). A denied permission alerts once
 * (docs/product.md#validation); an unknown location stays pending or unavailable and blocks login.
 */
export function useGeolocation(): Geolocation {
  const [location, setLocation] = useState<Geolocation>({ status: 'pending' });
  useEffect(() => {
    if (!('geolocation' in navigator)) {
      setLocation({ status: 'unavailable' });
      return;
    }
    let active = true;
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        if (!active) return;
        const { latitude, longitude } = position.coords;
        setLocation({ status: 'known', latLong: `${latitude.toFixed(6)},${longitude.toFixed(6)}` });
      },
      (error) => {
        if (!active) return;
        if (error.code === error.PERMISSION_DENIED) {
          setLocation((previous) => {
            if (previous.status !== 'denied') window.alert(LOCATION_DENIED_ALERT);
            return { status: 'denied' };
          });
        } else {
          setLocation((previous) =>
            previous.status === 'known' ? previous : { status: 'unavailable' },
          );
        }
      },
      { enableHighAccuracy: false, maximumAge: 60_000, timeout: 10_000 },
    );
    return () => {
      active = false;
      navigator.geolocation.clearWatch(watch);
    };
  }, []);
  return location;
}
