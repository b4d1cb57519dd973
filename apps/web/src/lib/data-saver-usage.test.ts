import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countEntries, formatDataUsed, useDataUsed } from './data-saver-usage';

const entry = (transferSize?: number) =>
  ({ name: '/x', transferSize }) as unknown as PerformanceEntry;

describe('the data used this session', () => {
  it('says kilobytes whole and megabytes to one decimal', () => {
    expect(formatDataUsed(0)).toBe('0 KB');
    expect(formatDataUsed(250_880)).toBe('245 KB');
    expect(formatDataUsed(1024 * 1024 - 1)).toBe('1024 KB');
    expect(formatDataUsed(1024 * 1024)).toBe('1.0 MB');
    expect(formatDataUsed(3_565_158)).toBe('3.4 MB');
  });

  it('adds what came over the network, and nothing for a cached answer or another origin’s', () => {
    const { result } = renderHook(() => useDataUsed());
    const before = result.current;
    act(() => countEntries([entry(2048), entry(0), entry(undefined)]));
    expect(result.current).toBe(before + 2048);
    act(() => countEntries([entry(1000)]));
    expect(result.current).toBe(before + 3048);
  });
});
