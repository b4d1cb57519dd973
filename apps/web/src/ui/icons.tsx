/** Our own small line icons; no icon font, no emoji (Debian's Chromium may lack an emoji font). */
const paths = {
  sports:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 0c2.5 2.4 3.8 5.4 3.8 9S14.5 18.6 12 21m0-18C9.5 5.4 8.2 8.4 8.2 12s1.3 6.6 3.8 9M3.5 9h17M3.5 15h17',
  inplay: 'M12 7v5l3 2m6-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  chat: 'M4 19.5 5.4 15A8 8 0 1 1 9 18.6L4 19.5ZM9 10c.3 2 2.6 4.5 5 5l1.2-1.4-1.8-1-1 .8c-.9-.4-1.9-1.4-2.3-2.3l.8-1-1-1.8Z',
  chevron: 'm6 9 6 6 6-6',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={paths[name]} />
    </svg>
  );
}
