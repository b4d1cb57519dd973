import { STORAGE_KEYS } from './storage';

/** What the browser says of its link (the Network Information API; Chromium only). */
interface SaveDataNavigator {
  readonly connection?: { readonly saveData?: boolean };
}

/** Whether the browser asks for less data (the user's data saver, or a Save-Data setting). */
function browserSavesData(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    (navigator as SaveDataNavigator).connection?.saveData === true
  );
}

/**
 * The data saver as stored (docs/pwa-and-data-saver.md): the bettor's choice, or until they make
 * one whether the browser saves data. React-free, so the landing page's script
 * (app/landing-page.ts) reads it without loading React; the app follows it in lib/data-saver.ts.
 */
export function storedDataSaver(): boolean {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.dataSaver);
    return stored === null ? browserSavesData() : stored === 'true';
  } catch {
    return browserSavesData();
  }
}
