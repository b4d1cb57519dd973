import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeFetch } from '../../../test/fetch';
import { renderBackoffice } from '../testing';
import { AuditLog, compactJson } from './audit-log';

describe('audit log', () => {
  it('shows each entry with its before and after as compact JSON', async () => {
    const { callsTo } = routeFetch({
      '/api/backoffice/audit': () => ({
        body: {
          Status: true,
          Result: {
            total: 1,
            entries: [
              {
                id: 'a1',
                at: '2026-11-20T10:00:00.000Z',
                operator: 'ravi',
                action: 'credit',
                target: 'alice',
                before: { mainBalance: 100 },
                after: { mainBalance: 600, remark: 'Top up' },
                outcome: 'ok',
              },
            ],
          },
        },
      }),
    });
    renderBackoffice(<AuditLog />);
    const table = await screen.findByRole('region', { name: 'Audit log' });
    expect(within(table).getByText('{"mainBalance":100}')).toBeTruthy();
    expect(within(table).getByText('{"mainBalance":600,"remark":"Top up"}')).toBeTruthy();
    expect(callsTo('/api/backoffice/audit')[0]?.url).toBe('/api/backoffice/audit?skip=0&take=25');
    expect(compactJson(null)).toBe('—');
    expect(compactJson(undefined)).toBe('—');
  });
});
