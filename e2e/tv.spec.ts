import { randomBytes } from 'node:crypto';
import { expect, logIn, ops, test } from './fixtures';

/**
 * The built-in live TV page (docs/decisions.md#silent-rules; apps/tv-demo/README.md): its own origin, framed on the
 * event screen, drawing the scripted match's score and commentary on every ball.
 */
test('the live TV frame shows the score and calls each scripted ball as it is bowled', async ({
  page,
  client,
  request,
}) => {
  const tag = randomBytes(3).toString('hex');
  const sides = [`Lions ${tag}`, `Tigers ${tag}`];
  const name = `${sides[0]} v ${sides[1]}`;
  const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
    sportId: 4,
    seriesName: `TV Series ${tag}`,
    name,
    runners: sides,
    inPlay: true,
  });
  const ball = (runs: number, wickets: number, overs: string, delivery: string, line: string) =>
    ops(request, 'fixture-step', {
      eventId,
      step: {
        kind: 'ball',
        innings: [{ team: sides[0], runs, wickets, overs }],
        ball: delivery,
        commentary: line,
      },
    });

  await logIn(page, client);
  await page.goto(`/market/4/${eventId}`);
  await page.getByRole('button', { name: /Live TV/ }).click();
  const frameElement = page.locator('iframe[title^="Live TV"]');
  const src = await frameElement.getAttribute('src');
  // Its own origin: the TV page's port, never the app's.
  expect(new URL(src!).port).not.toBe(new URL(page.url()).port);
  const tv = page.frameLocator('iframe[title^="Live TV"]');
  await expect(tv.getByText('Waiting for the first ball…')).toBeVisible();

  await ball(4, 0, '0.1', '4', '0.1 Khan to Rao, driven through cover for FOUR');
  const score = tv.getByLabel('Score');
  await expect(score).toContainText('4/0');
  await expect(score).toContainText('0.1 ov');
  await expect(tv.getByText('FOUR!')).toBeVisible();
  await expect(tv.getByLabel('Commentary')).toContainText('driven through cover for FOUR');

  await ball(4, 1, '0.2', 'W', '0.2 Khan to Rao, bowled him!');
  await expect(score).toContainText('4/1');
  await expect(tv.getByText('WICKET!')).toBeVisible();
  await expect(tv.getByLabel('Commentary').locator('li').first()).toContainText('bowled him!');

  // The page itself, as a visitor on a phone and on a laptop sees it (kept in the test's output
  // dir; scripts/screenshots.mjs takes docs/screenshots/live-tv-<width>.png).
  const shot = await page.context().newPage();
  for (const width of [1280, 375]) {
    await shot.setViewportSize({ width, height: Math.round((width * 9) / 16) });
    await shot.goto(src!);
    await expect(shot.getByLabel('Score')).toContainText('4/1');
    await shot.screenshot({ path: test.info().outputPath(`live-tv-${width}.png`) });
  }
});
