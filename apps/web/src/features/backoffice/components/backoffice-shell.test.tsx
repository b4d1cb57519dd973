import type { OperatorRole } from '@backlay/contract/backoffice';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { operatorLinks, sectionsFor } from '../sections';
import { renderBackoffice } from '../testing';
import { BackofficeShell } from './backoffice-shell';

const HREFS = {
  risk: '/backoffice',
  markets: '/backoffice/markets',
  clients: '/backoffice/clients',
  matkaCasino: '/backoffice/matka-casino',
  news: '/backoffice/news',
  audit: '/backoffice/audit',
} as const;

function renderShell(role: OperatorRole, url = '/backoffice') {
  const onLogOut = vi.fn();
  renderBackoffice(
    <BackofficeShell
      username="ravi"
      badge={{ label: 'Role', value: role }}
      links={operatorLinks(role, HREFS)}
      onLogOut={onLogOut}
    >
      <p>screen</p>
    </BackofficeShell>,
    { role, path: '/backoffice/*', url },
  );
  return { onLogOut };
}

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Back office' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('back office shell', () => {
  it('gives an admin every screen', () => {
    renderShell('admin');
    expect(navLinks()).toEqual([
      ['Risk', '/backoffice'],
      ['Markets', '/backoffice/markets'],
      ['Clients', '/backoffice/clients'],
      ['Matka & Casino', '/backoffice/matka-casino'],
      ['News', '/backoffice/news'],
      ['Audit', '/backoffice/audit'],
    ]);
  });

  it('gives risk the risk book, the markets and matka & casino', () => {
    renderShell('risk');
    expect(navLinks().map(([label]) => label)).toEqual(['Risk', 'Markets', 'Matka & Casino']);
  });

  it('gives support the clients only', () => {
    renderShell('support', '/backoffice/clients');
    expect(navLinks().map(([label]) => label)).toEqual(['Clients']);
    expect(sectionsFor('support')).toEqual(['clients']);
  });

  it("shows the operator's username and role, marks the current screen and logs out", () => {
    const { onLogOut } = renderShell('risk', '/backoffice/markets');
    const banner = screen.getByRole('banner');
    expect(banner.textContent).toContain('ravi');
    expect(banner.textContent).toContain('Role: risk');
    expect(screen.getByRole('link', { name: 'Markets' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Risk' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogOut).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('main').textContent).toBe('screen');
  });
});
