import { useEffect } from 'react';
import { useSiteConfig } from '../features/site/api/get-site-config';
import { applyBrand } from '../lib/brand';

/**
 * Asks for the site's configuration as the app starts (beside the session check, not after it)
 * and applies its brand when it arrives: colours, title and favicon (docs/decisions.md#silent-rules "Brand").
 * Until then the page keeps the brand it carries (the build's default, or the host's that the
 * landing page's script applied before it handed over), so a takeover does not flash the default.
 */
export function SiteBrand() {
  const brand = useSiteConfig()?.brand;
  useEffect(() => {
    if (brand) applyBrand(brand);
  }, [brand]);
  return null;
}
