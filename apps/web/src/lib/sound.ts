import { logError } from './log';

/** The two bet cues of docs/product.md#purpose and #errors: a placed bet, and a refused or failed one. */
export type SoundKind = 'success' | 'wrong';

interface Tone {
  readonly type: OscillatorType;
  readonly frequency: number;
  /** Seconds after the cue starts. */
  readonly start: number;
  readonly duration: number;
  readonly volume: number;
}

/**
 * Our own sounds, synthesised (no files to license or load): success is a short rising two-note
 * beep; wrong is a low, rough buzz, two pulses.
 */
const CUES: Record<SoundKind, readonly Tone[]> = {
  success: [
    { type: 'sine', frequency: 880, start: 0, duration: 0.12, volume: 0.25 },
    { type: 'sine', frequency: 1320, start: 0.12, duration: 0.2, volume: 0.25 },
  ],
  wrong: [
    { type: 'square', frequency: 140, start: 0, duration: 0.16, volume: 0.12 },
    { type: 'square', frequency: 110, start: 0.2, duration: 0.24, volume: 0.12 },
  ],
};

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Constructor =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Constructor) return null;
  context = new Constructor();
  return context;
}

/**
 * Plays a cue with the Web Audio API: one oscillator per tone through a gain envelope (a quick
 * attack and decay, so no click). The one seam for sound: callers decide whether Bet Sound is on,
 * tests spy here. Never throws; a browser without audio stays silent.
 */
export function playSound(kind: SoundKind): void {
  try {
    const audio = audioContext();
    if (!audio) return;
    if (audio.state === 'suspended') {
      audio.resume().catch((error: unknown) => logError('sound', error));
    }
    const now = audio.currentTime;
    for (const tone of CUES[kind]) {
      const at = now + tone.start;
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = tone.type;
      oscillator.frequency.setValueAtTime(tone.frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(tone.volume, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + tone.duration);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + tone.duration + 0.02);
    }
  } catch (error) {
    logError('sound', error);
  }
}
