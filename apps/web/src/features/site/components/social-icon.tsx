import { socialMark } from '../footer-links';

/** A social link's icon, our own mark of its network (`socialMark`). */
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
      <path d={socialMark(label)} />
    </svg>
  );
}
