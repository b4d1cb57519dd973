import { useEffect } from 'react';
import { useBrand } from '../features/site/api/get-site-config';
import { applyBrand } from '../lib/brand';

/**
 * Asks for the site's configuration as the app starts (beside the session check, not after it)
 * and applies its brand when it arrives: colours, title and favicon (docs/decisions.md#silent-rules "Brand").
 */
export function SiteBrand() {
  const brand = useBrand();
  useEffect(() => applyBrand(brand), [brand]);
  return null;
}
