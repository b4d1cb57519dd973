import { getSiteConfig } from '@backlay/contract/site';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeFetch } from '../../../test/fetch';
import { skyexchConfigAnswer } from '../../../test/fixtures/site-answers';
import { renderScreen } from '../../../test/render';
import { PageFooter, RESPONSIBLE_NOTE } from './page-footer';

const config = skyexchConfigAnswer.Result;

function renderFooter() {
  routeFetch({
    '/api/Site/Config': () => ({ body: getSiteConfig.response.parse(skyexchConfigAnswer) }),
  });
  renderScreen(<PageFooter />);
}

const opensSafely = (link: HTMLElement) => {
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toBe('noreferrer noopener');
};

describe('the page footer', () => {
  it("links to the site's gambling-awareness pages, each in a new tab", async () => {
    renderFooter();
    const section = await screen.findByRole('region', { name: 'Play responsibly' });
    await within(section).findByRole('link', { name: config.awareness[0].label });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      config.awareness.map((link) => [link.label, link.url]),
    );
    links.forEach(opensSafely);
  });

  it('shows a logo with a name for every payment method', async () => {
    renderFooter();
    const section = screen.getByRole('region', { name: 'Payment methods' });
    await within(section).findByRole('img', { name: 'UPI' });
    expect(
      within(section)
        .getAllByRole('img')
        .map((img) => [img.getAttribute('alt'), img.getAttribute('src')]),
    ).toEqual([
      ['UPI', '/payments/upi.svg'],
      ['Paytm', '/payments/paytm.svg'],
      ['PhonePe', '/payments/phonepe.svg'],
      ['Google Pay', '/payments/gpay.svg'],
      ['Visa', '/payments/visa.svg'],
      ['Mastercard', '/payments/mastercard.svg'],
      ['Net banking', '/payments/netbanking.svg'],
    ]);
  });

  it('names every social link and links the support chat of the site', async () => {
    renderFooter();
    const social = screen.getByRole('region', { name: 'Follow us' });
    await within(social).findByRole('link', { name: 'Instagram' });
    for (const link of config.social) {
      const anchor = within(social).getByRole('link', { name: link.label });
      expect(anchor.getAttribute('href')).toBe(link.url);
      opensSafely(anchor);
    }
    const support = screen.getByRole('link', { name: 'Chat with support' });
    expect(support.getAttribute('href')).toBe(config.supportUrl);
    opensSafely(support);
  });

  it('carries an 18+ badge and the responsible-gaming note', () => {
    renderFooter();
    expect(screen.getByRole('img', { name: 'Adults only: 18 and over' }).textContent).toBe('18+');
    expect(screen.getByText(RESPONSIBLE_NOTE)).toBeTruthy();
  });
});
