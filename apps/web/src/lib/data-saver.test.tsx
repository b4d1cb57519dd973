import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CardGrid } from '../ui/card-grid';
import { Carousel } from '../ui/carousel';
import { setHubConnected } from './connection';
import { isDataSaverOn, pollEvery, SAFETY_POLL_MS, setDataSaver } from './data-saver';
import { STORAGE_KEYS } from './storage';

afterEach(() => {
  setHubConnected(false);
  Reflect.deleteProperty(navigator, 'connection');
});

/** What the browser says of its link (happy-dom has no Network Information API). */
const saveData = (on: boolean) =>
  Object.defineProperty(navigator, 'connection', {
    value: { saveData: on },
    configurable: true,
  });

describe('the data saver', () => {
  it('is on by default when the browser says it saves data, and off otherwise', () => {
    saveData(true);
    expect(isDataSaverOn()).toBe(true);
    saveData(false);
    expect(isDataSaverOn()).toBe(false);
  });

  it('keeps the bettor’s choice over the browser’s', () => {
    saveData(true);
    setDataSaver(false);
    expect(localStorage.getItem(STORAGE_KEYS.dataSaver)).toBe('false');
    expect(isDataSaverOn()).toBe(false);
    setDataSaver(true);
    expect(isDataSaverOn()).toBe(true);
  });

  it('slows a poll to the safety interval while the hub is connected, never speeds one up', () => {
    const rates = pollEvery(5000);
    const bets = pollEvery(60_000);
    setDataSaver(true);
    setHubConnected(true);
    expect(SAFETY_POLL_MS).toBe(30_000);
    expect(rates()).toBe(30_000);
    expect(bets()).toBe(60_000);
    // The hub lost: pushes stop, the poll takes over again at its own pace.
    setHubConnected(false);
    expect(rates()).toBe(5000);
    setHubConnected(true);
    setDataSaver(false);
    expect(rates()).toBe(5000);
  });

  it('leaves out the carousel’s banners and the cards’ pictures, not the cards', () => {
    setDataSaver(true);
    const { container } = render(
      <MemoryRouter>
        <Carousel slides={[{ src: '/banners/banner-cricket.svg', alt: 'Cricket' }]} />
        <CardGrid
          cards={[{ key: '4', name: 'Cricket', image: '/cards/cricket.svg', href: '/c' }]}
        />
      </MemoryRouter>,
    );
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(container.querySelector('[aria-roledescription="carousel"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Cricket' }).getAttribute('href')).toBe('/c');
  });

  it('shows the pictures with the data saver off', () => {
    setDataSaver(false);
    const { container } = render(
      <MemoryRouter>
        <Carousel slides={[{ src: '/banners/banner-cricket.svg', alt: 'Cricket' }]} />
        <CardGrid
          cards={[{ key: '4', name: 'Cricket', image: '/cards/cricket.svg', href: '/c' }]}
        />
      </MemoryRouter>,
    );
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/banners/banner-cricket.svg',
      '/cards/cricket.svg',
    ]);
  });
});
