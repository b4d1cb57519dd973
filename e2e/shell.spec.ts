import { expect, logIn, ops, test, atWidth, PHONE } from './fixtures';
import { expectAccessible } from './support/axe';

const GEOLOCATION_RULE =
  'Geolocation is required to log in. Please enable location services. and wait for 10 sec.';
const LOGGED_OUT_ELSEWHERE = 'You were logged out because your account signed in on another device';

test('a client logs in with a location and lands on /home with five cards', async ({
  page,
  client,
}) => {
  await logIn(page, client);
  // The cards are the first list of the page; the In-Play board's match rows follow them.
  const cards = page.getByRole('main').getByRole('list').first().getByRole('listitem');
  await expect(cards).toHaveText(['Cricket', 'Soccer', 'Tennis', 'Casino', 'Matka']);
  await expect(page.getByRole('link', { name: 'Cricket' }).last()).toHaveAttribute(
    'href',
    '/match/4',
  );
  await expect(page.getByRole('link', { name: 'Casino' }).last()).toHaveAttribute(
    'href',
    '/casinolist',
  );
  await expect(page.getByRole('link', { name: 'Matka' }).last()).toHaveAttribute(
    'href',
    '/matka_market',
  );
  await expectAccessible(page, 'home');
});

test.describe('without location', () => {
  test.use({ permissions: [] });

  test('a denied location alerts with the exact words and the form says to wait for 10 sec', async ({
    page,
  }) => {
    const dialog = page.waitForEvent('dialog');
    await page.goto('/login');
    const alert = await dialog;
    expect(alert.message()).toBe('Please Allow Location to Access this Application');
    await alert.accept();
    await expect(page.getByRole('alert')).toHaveText(GEOLOCATION_RULE);
    await expectAccessible(page, 'the login form without a location');
  });
});

test('a visitor on /home is sent to /login', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/some/unknown/path');
  await expect(page).toHaveURL(/\/login$/);
});

test('a logged-in client on /login is sent to /home', async ({ page, client }) => {
  await logIn(page, client);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/nowhere');
  await expect(page).toHaveURL(/\/home$/);
});

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use(atWidth(width));

    test('a second login of the same client elsewhere sends the first browser to /login within 12 s, saying why', async ({
      page,
      client,
      request,
    }) => {
      // The page's clock, so the 10 s session check comes without waiting 10 s (docs/product.md#states).
      await page.clock.install();
      await logIn(page, client);
      const elsewhere = await request.post('/api/Authenticate/ValidLogin?ipAddress=', {
        data: { username: client.username, password: client.password, LatLong: '28.61,77.20' },
      });
      expect(((await elsewhere.json()) as { Status: boolean }).Status).toBe(true);
      await page.clock.fastForward(12_000);
      await expect(page).toHaveURL(/\/login$/);
      const notice = page.getByRole('alert').filter({ hasText: LOGGED_OUT_ELSEWHERE });
      await expect(notice).toHaveText(LOGGED_OUT_ELSEWHERE);
      await page.screenshot({ path: test.info().outputPath(`login-logged-out-${width}.png`) });

      // A reload of /login keeps it; the next login attempt takes it away.
      await page.reload();
      await expect(notice).toBeVisible();
      await page.getByLabel('Username').fill(client.username);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('Invalid username or password')).toBeVisible();
      await expect(notice).toHaveCount(0);
    });
  });
}

test('a logout of its own leaves /login without an explanation', async ({ page, client }) => {
  await logIn(page, client);
  await page.getByRole('button', { name: client.username }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('You were logged out')).toHaveCount(0);
});

test('/network_err shows the status code from the query, logged in or not', async ({
  page,
  client,
}) => {
  await page.goto('/network_err?statusCode=502');
  await expect(page.getByText('Error Code 502')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Network Error' })).toBeVisible();
  await logIn(page, client);
  await page.goto('/network_err?statusCode=503');
  await expect(page.getByText('Error Code 503')).toBeVisible();
  await page.getByRole('link', { name: 'Retry' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a screen whose chunk cannot load says so, and Retry loads the page again', async ({
  page,
}) => {
  let refuse = true;
  await page.route(/\/assets\/signup-[^/]*\.js$/, (route) =>
    refuse ? route.abort() : route.continue(),
  );
  await page.goto('/signup');
  const failure = page.getByRole('alert');
  await expect(failure.getByRole('heading')).toHaveText('This page could not load');
  await expect(failure).toContainText('Please check your internet connection and try again.');
  await expectAccessible(page, 'a screen that could not load');
  refuse = false;
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Join Now' })).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the wallet dropdown shows the balance-detail figures with two decimals', async ({
  page,
  client,
  request,
}) => {
  await logIn(page, client);
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('loginUserDetails') ?? '{}') as { Token: string }).Token,
  );
  const detail = (await (
    await request.get('/api/AmountModels/GetBalanceDetail', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as {
    Result: {
      CreditLimit: number;
      PL: number;
      Exposure: number;
      Balance: number;
      MainBalance: number;
    };
  };
  const money = (value: number) =>
    new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      value,
    );
  await expect(
    page.getByRole('button', { name: `W: ${money(detail.Result.MainBalance)}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: /^W:/ }).click();
  await expect(page.getByTestId('wallet-credit')).toHaveText(money(detail.Result.CreditLimit));
  await expect(page.getByTestId('wallet-pl')).toHaveText(money(detail.Result.PL));
  await expect(page.getByTestId('wallet-exposure')).toHaveText(money(detail.Result.Exposure));
  await expect(page.getByTestId('wallet-balance')).toHaveText(money(detail.Result.Balance));
  expect(money(detail.Result.CreditLimit)).toBe('25,000.00');
});

test('header dropdowns are mutually exclusive and Log Out returns to /login', async ({
  page,
  client,
}) => {
  await logIn(page, client);
  await page.getByRole('button', { name: /^W:/ }).click();
  await expect(page.getByLabel('Wallet')).toBeVisible();
  await page.getByRole('button', { name: client.username }).click();
  await expect(page.getByLabel('User menu')).toBeVisible();
  await expect(page.getByLabel('Wallet')).toHaveCount(0);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('loginUserDetails'))).toBeNull();
});

test.describe('at 375 px', () => {
  test.use(PHONE);

  test('the footer menu shows and the sidebar stays hidden until toggled', async ({
    page,
    client,
  }) => {
    await logIn(page, client);
    const footer = page.getByRole('navigation', { name: 'Footer menu' });
    await expect(footer).toBeVisible();
    await expect(footer.getByRole('link')).toHaveText(['Inplay', 'Home', 'Whatsapp support']);
    await expect(footer.getByRole('button')).toHaveText(['Sports', 'Logout']);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectAccessible(page, 'home with the sidebar open at 375 px');
  });
});

test('every route renders from its URL on a cold load', async ({ page, client }) => {
  await logIn(page, client);
  for (const [path, heading] of [
    ['/inplay', 'In-play'],
    ['/match/4', 'Cricket'],
    ['/news', 'News'],
    ['/market/4/123', 'Event'],
    ['/ac_statement', 'Account Statement'],
    ['/profit-loss', 'Profit Loss Listing'],
    ['/bethistory', 'Bet History'],
    ['/matka_market', 'Matka'],
    ['/casinolist', 'Casino'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expectAccessible(page, path);
  }
});

test('the landing page shows the first public news message, the slider and four cards, with no errors', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const news = (await (await request.get('/api/NewsModels/GetPublicNews')).json()) as {
    Result: { Message: string }[];
  };
  const site = (await (await request.get('/api/Site/Config')).json()) as {
    Result: { brand: { title: string } };
  };
  await page.goto('/');
  await expect(page).toHaveTitle(site.Result.brand.title);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('marquee')).toContainText(news.Result[0]?.Message ?? 'missing');
  await expect(page.locator('[aria-roledescription="carousel"]')).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText([
    'Cricket',
    'Soccer',
    'Tennis',
    'Casino',
  ]);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  expect(errors).toEqual([]);
  await expectAccessible(page, 'the landing page');
});

for (const width of [1280, 375]) {
  test(`a page shows the loading dice under the brand's logo before any script runs, at ${width} px`, async ({
    browser,
  }) => {
    // No script at all: the page as the server sends it for a route (docs/architecture.md).
    const bare = await browser.newContext({ javaScriptEnabled: false, ...atWidth(width) });
    const page = await bare.newPage();
    await page.goto('/market/4/1');
    const loading = page.getByRole('status', { name: 'Loading' });
    await expect(loading).toBeVisible();
    const logo = loading.locator('span').first();
    await expect(logo).toHaveCSS('background-image', /\/brand\/backlay-logo\.svg/);
    const box = await logo.boundingBox();
    expect(box).toMatchObject({ width: 160, height: 40 });
    await page.screenshot({ path: test.info().outputPath(`loading-${width}.png`) });
    await bare.close();
  });
}

test('the landing page is whole before any script runs, loads the app only on the way to it, and its Login link opens the form in the same document', async ({
  browser,
  page,
  request,
}) => {
  // No script at all: what the server sends is the page, styled (docs/architecture.md, "The
  // first paint").
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const plain = await bare.newPage();
  await plain.goto('/');
  await expect(plain.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(plain.locator('[aria-roledescription="carousel"] img').first()).toBeVisible();
  await expect(plain.getByRole('main').getByRole('listitem')).toHaveText([
    'Cricket',
    'Soccer',
    'Tennis',
    'Casino',
  ]);
  await bare.close();

  // With scripts, the page's own small one fills in the news; the app's scripts (React, the
  // router) load only once the visitor heads for the Login link, and its click renders the login
  // form in this document: no other page is asked of the server.
  const documents: string[] = [];
  const scripts: string[] = [];
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname;
    if (sent.resourceType() === 'document') documents.push(path);
    if (sent.resourceType() === 'script') scripts.push(path);
  });
  const news = (await (await request.get('/api/NewsModels/GetPublicNews')).json()) as {
    Result: { Message: string }[];
  };
  await page.goto('/');
  await expect(page.getByRole('marquee')).toContainText(news.Result[0]?.Message ?? 'missing');
  await page.waitForLoadState('networkidle');
  const ownScripts = scripts.length;
  expect(ownScripts).toBeGreaterThan(0);
  const login = page.getByRole('link', { name: 'Login' });
  await login.hover();
  await expect.poll(() => scripts.length).toBeGreaterThan(ownScripts);
  await login.click();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Back inside the app: its own landing page, with the news.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('marquee')).toContainText(news.Result[0]?.Message ?? 'missing');
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText([
    'Cricket',
    'Soccer',
    'Tennis',
    'Casino',
  ]);
  expect(documents).toEqual(['/']);
});

test.describe('with reduced motion, at 375 px', () => {
  test.use(PHONE);

  test('the news stands still with every message in view, nothing animates and the slider stays put', async ({
    page,
    client,
    request,
  }) => {
    const message = `A long message of the e2e news that wraps on a phone ${Date.now()}`;
    await ops(request, 'news', { message });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await logIn(page, client);
    const news = page.getByRole('marquee', { name: 'News' });
    await expect(news).toContainText(message);
    const bar = (await news.boundingBox())!;
    for (const item of await news.locator('span + div span').all()) {
      const box = (await item.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(bar.x);
      expect(box.x + box.width).toBeLessThanOrEqual(bar.x + bar.width + 0.5);
    }
    await expect
      .poll(() =>
        page.evaluate(
          () => document.getAnimations().filter((run) => run.playState === 'running').length,
        ),
      )
      .toBe(0);
    const slider = page.getByRole('region', { name: 'Highlights' });
    await page.clock.runFor(3 * 3000);
    expect(await slider.evaluate((strip) => strip.scrollLeft)).toBe(0);
    await expectAccessible(page, 'home with reduced motion at 375 px');
  });

  test('without reduced motion the slider moves on to its next slide after 3 s', async ({
    page,
    client,
  }) => {
    await page.clock.install();
    await logIn(page, client);
    const slider = page.getByRole('region', { name: 'Highlights' });
    await expect(slider).toBeVisible();
    await page.clock.runFor(3000);
    await expect.poll(() => slider.evaluate((strip) => strip.scrollLeft)).toBeGreaterThan(0);
  });

  test('the landing page’s own script keeps the same rules: its slider still with reduced motion, moving on after 3 s without', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const slider = page.getByRole('region', { name: 'Highlights' });
    await expect(slider).toBeVisible();
    await expect(page.getByRole('marquee', { name: 'News' })).toContainText(/\S/);
    await expect
      .poll(() =>
        page.evaluate(
          () => document.getAnimations().filter((run) => run.playState === 'running').length,
        ),
      )
      .toBe(0);
    await page.clock.runFor(3 * 3000);
    expect(await slider.evaluate((strip) => strip.scrollLeft)).toBe(0);

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.reload();
    await expect(page.getByRole('marquee', { name: 'News' })).toContainText(/\S/);
    await page.clock.runFor(3000);
    await expect.poll(() => slider.evaluate((strip) => strip.scrollLeft)).toBeGreaterThan(0);
  });
});
