import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearStoredLogin } from '../lib/session';

afterEach(() => {
  cleanup();
  clearStoredLogin();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
