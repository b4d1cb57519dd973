import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setHubLost } from '../../lib/connection';
import { ConnectionBanner } from './connection-banner';

describe('ConnectionBanner', () => {
  afterEach(() => {
    act(() => {
      onlineManager.setOnline(true);
      setHubLost(false);
    });
  });

  const banner = () => screen.getByRole('status');

  it('says nothing while the link is up', () => {
    render(<ConnectionBanner />);
    expect(banner().textContent).toBe('');
  });

  it('says the connection is lost while the browser is offline, and goes by itself', () => {
    render(<ConnectionBanner />);
    act(() => onlineManager.setOnline(false));
    expect(banner().textContent).toBe('Connection lost — reconnecting…');
    act(() => onlineManager.setOnline(true));
    expect(banner().textContent).toBe('');
  });

  it('says so while the hub is lost, until it is back', () => {
    render(<ConnectionBanner />);
    act(() => setHubLost(true));
    expect(banner().textContent).toBe('Connection lost — reconnecting…');
    act(() => setHubLost(false));
    expect(banner().textContent).toBe('');
  });
});
