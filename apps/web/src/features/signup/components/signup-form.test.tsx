import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderScreen } from '../../../test/render';
import { mobileDigits, SIGNUP_MESSAGES, SignupForm } from './signup-form';

const SENT = 'Your request has gone to your agent. You can log in as asha_k once they approve it.';

function renderForm(url = '/signup') {
  return renderScreen(<SignupForm loginHref="/login" />, { path: '/signup', url });
}

/** Fills the form as a visitor would; `fields` replaces any of it. */
function fill(fields: Partial<Record<string, string>> = {}, adult = true) {
  const values = {
    Username: 'asha_k',
    Name: 'Asha Kumar',
    Password: 'long enough',
    'Mobile Number': '98765 43210',
    'Referral Code': 'k7m3q9px',
    ...fields,
  };
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  if (adult) fireEvent.click(screen.getByLabelText('I am over 18 years old'));
}

const join = () => fireEvent.click(screen.getByRole('button', { name: 'Join Now' }));

describe('sign-up form', () => {
  it('sends the request and says what happens next', async () => {
    const { calls } = stubFetch({ body: { Status: true, Result: SENT } });
    renderForm();
    fill();
    join();
    expect(await screen.findByRole('status')).toHaveProperty('textContent', SENT);
    expect(screen.getByText(SIGNUP_MESSAGES.nextStep)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/signup/request');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(calls[0]?.init?.body as string)).toEqual({
      username: 'asha_k',
      password: 'long enough',
      name: 'Asha Kumar',
      countryCode: '+91',
      mobile: '9876543210',
      referralCode: 'k7m3q9px',
      adult: true,
    });
  });

  it('fills the referral code from a sign-up link and says the agent confirms the number', () => {
    renderForm('/signup?ref=K7M3Q9PX');
    expect(screen.getByLabelText('Referral Code')).toHaveProperty('value', 'K7M3Q9PX');
    const mobile = screen.getByLabelText('Mobile Number');
    expect(
      document.getElementById(mobile.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('No code is sent to your phone: your agent calls you on this number to confirm it.');
    expect(screen.queryByRole('button', { name: 'OTP' })).toBeNull();
  });

  it('names each field it cannot send, in words, and sends nothing', () => {
    const { calls } = stubFetch({ body: { Status: true, Result: SENT } });
    renderForm();
    fill(
      {
        Username: 'a',
        Name: ' ',
        Password: 'short',
        'Mobile Number': '12345',
        'Referral Code': '',
      },
      false,
    );
    join();
    for (const [label, message] of [
      ['Username', SIGNUP_MESSAGES.username],
      ['Name', SIGNUP_MESSAGES.name],
      ['Password', SIGNUP_MESSAGES.password],
      ['Mobile Number', SIGNUP_MESSAGES.mobile],
      ['Referral Code', SIGNUP_MESSAGES.referralCode],
      ['I am over 18 years old', SIGNUP_MESSAGES.adult],
    ] as const) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = (input.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '';
      expect(document.getElementById(described)?.textContent).toBe(message);
    }
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    expect(calls).toHaveLength(0);
    // Typing in a field clears its error.
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'asha_k' } });
    expect(screen.queryByText(SIGNUP_MESSAGES.username)).toBeNull();
  });

  it("shows the server's refusal beside the field it names", async () => {
    const unknown = "No agent has the referral code 'ZZZZZZZZ': check it with your agent";
    stubFetch({ body: { Status: false, Result: unknown, field: 'referralCode' } });
    renderForm();
    fill({ 'Referral Code': 'ZZZZZZZZ' });
    join();
    expect(await screen.findByText(unknown)).toBeTruthy();
    const code = screen.getByLabelText('Referral Code');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    expect(screen.getByRole('button', { name: 'Join Now' })).toBeTruthy();
  });

  it('shows a refusal of no field, a throttle and a lost answer above the form', async () => {
    for (const [answer, shown] of [
      [
        {
          body: {
            Status: false,
            Result: 'This agent has too many requests waiting: try again later',
          },
        },
        'This agent has too many requests waiting: try again later',
      ],
      [
        {
          status: 429,
          body: { Status: false, Result: 'Too many refused sign-ups. Try again in 30 seconds.' },
        },
        'Too many refused sign-ups. Try again in 30 seconds.',
      ],
      [{ status: 502, body: null }, SIGNUP_MESSAGES.noAnswer],
    ] as const) {
      stubFetch(answer);
      const view = renderForm();
      fill();
      join();
      expect((await screen.findByRole('alert')).textContent).toBe(shown);
      view.unmount();
    }
  });

  it('reads a mobile number as typed', () => {
    for (const typed of [
      '9876543210',
      '98765 43210',
      '+91 98765-43210',
      '919876543210',
      '09876543210',
    ])
      expect(mobileDigits(typed)).toBe('9876543210');
    expect(mobileDigits('12345')).toBe('12345');
  });
});
