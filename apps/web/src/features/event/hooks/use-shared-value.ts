import { replaceEqualDeep } from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * A derived value that keeps the references of its unchanged parts from one render to the next
 * (TanStack's structural sharing), so memoised rows built from it skip the render (STYLE).
 */
export function useSharedValue<T>(value: T): T {
  const held = useRef(value);
  const shared = replaceEqualDeep(held.current, value);
  held.current = shared;
  return shared;
}
