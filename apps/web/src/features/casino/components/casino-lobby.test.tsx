import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { CasinoLobby } from './casino-lobby';

describe('the casino lobby', () => {
  it('shows the five games of docs/product.md#screens in order, each linking to its frame', () => {
    renderScreen(<CasinoLobby gameHref={(id) => `/casino/${id}`} />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Horse Racing', '/casino/horseracing'],
      ['7 Up Down', '/casino/sevenupsevendown'],
      ['Roulette', '/casino/roulette'],
      ['Andar Bahar', '/casino/andarbahar'],
      ['Lottery', '/casino/lottery'],
    ]);
    expect(links[0]?.querySelector('img')?.getAttribute('src')).toBe('/casino/horseracing.svg');
  });
});
