/**
 * GET /api/Site/Config as the server answers it for `skyexch.localhost` (written by hand from
 * `@backlay/contract/site` and the server's brands.json while its module was being built). Tests
 * parse it with the contract's schema before use.
 */
export const skyexchConfigAnswer = {
  Status: true,
  Result: {
    brand: {
      id: 'skyexch',
      name: 'SkyExch',
      title: 'SkyExch — Live Exchange',
      logo: '/brand/skyexch-logo.svg',
      favicon: '/brand/skyexch-favicon.svg',
      colors: {
        primary: '#0f3b7a',
        primaryDark: '#0a2753',
        onPrimary: '#ffffff',
        accent: '#ffcc29',
        onAccent: '#14213d',
        surface: '#ffffff',
        page: '#eaf0f8',
      },
    },
    supportUrl: 'https://wa.me/910000000001',
    awareness: [
      { label: 'Responsible gambling', url: 'https://www.begambleaware.org/' },
      { label: 'GamCare', url: 'https://www.gamcare.org.uk/' },
      { label: 'Gamblers Anonymous', url: 'https://www.gamblersanonymous.org/' },
      { label: '18+ only', url: 'https://www.gamblingtherapy.org/' },
    ],
    social: [
      { label: 'Instagram', url: 'https://instagram.com/' },
      { label: 'Telegram', url: 'https://t.me/' },
      { label: 'X', url: 'https://x.com/' },
      { label: 'YouTube', url: 'https://youtube.com/' },
    ],
    payments: ['upi', 'paytm', 'phonepe', 'gpay', 'visa', 'mastercard', 'netbanking'],
    reportTimeZone: 'Asia/Kolkata',
    priceStaleSeconds: 10,
  },
} as const;
