import { useCricketScore } from '../api/get-cricket-score';
import { useOtherScore } from '../api/get-other-score';
import type { OtherSportId } from '../query-keys';
import { CricketScore } from './cricket-score';
import { OtherScore } from './other-score';

function CricketScorePanel({ eventId }: { eventId: string }) {
  const { data } = useCricketScore(eventId);
  return data ? <CricketScore score={data} /> : null;
}

function OtherScorePanel({ sportId, eventId }: { sportId: OtherSportId; eventId: string }) {
  const { data } = useOtherScore(sportId, eventId);
  return data ? <OtherScore score={data} /> : null;
}

/**
 * The event screen's score panel (SPEC §2): sport 4 shows the cricket panel; otherwise the tennis
 * or soccer panel, chosen by the answer's eventTypeId. Both poll every 5 s; before the start (no
 * score yet) it renders nothing.
 */
export function ScorePanel({ sportId, eventId }: { sportId: number; eventId: string }) {
  if (sportId === 4) return <CricketScorePanel eventId={eventId} />;
  if (sportId === 1 || sportId === 2)
    return <OtherScorePanel sportId={String(sportId) as OtherSportId} eventId={eventId} />;
  return null;
}
