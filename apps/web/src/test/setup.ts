import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearStoredLogin } from '../lib/session';
import { EVENTUALLY_MS } from './eventually';

configure({ asyncUtilTimeout: EVENTUALLY_MS });

afterEach(() => {
  cleanup();
  clearStoredLogin();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
