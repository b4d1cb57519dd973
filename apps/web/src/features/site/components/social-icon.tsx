/** Our own simple marks for the footer's social links, chosen by the link's label. */
const marks: Record<string, string> = {
  instagram:
    'M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3Zm4.5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.2-2.4h.01',
  telegram: 'M21 4 3 11.2l5.6 2.1L18 7l-7.4 7.6.2 5.4 3-3.6 4.4 3.3L21 4Z',
  x: 'M4 4h4.5L20 20h-4.5L4 4Zm16 0-6.6 7.3M4 20l6.6-7.3',
  youtube:
    'M3.4 7.6c.2-1.3 1.2-2.2 2.5-2.3C8 5.1 10 5 12 5s4 .1 6.1.3c1.3.1 2.3 1 2.5 2.3.3 1.5.4 3 .4 4.4s-.1 2.9-.4 4.4c-.2 1.3-1.2 2.2-2.5 2.3-2.1.2-4.1.3-6.1.3s-4-.1-6.1-.3c-1.3-.1-2.3-1-2.5-2.3C3.1 14.9 3 13.4 3 12s.1-2.9.4-4.4ZM10 9v6l5-3-5-3Z',
};

const fallback =
  'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3A4 4 0 0 0 11 18.7l1-1';

export function SocialIcon({ label }: { label: string }) {
  return (
    <svg
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
      <path d={marks[label.trim().toLowerCase()] ?? fallback} />
    </svg>
  );
}
