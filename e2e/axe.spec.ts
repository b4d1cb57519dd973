import { expect, logIn, test } from './fixtures';
import { axeFindings } from './support/axe';

/**
 * The axe check itself (support/axe.ts runs axe-core by hand, once per document): it must find
 * what it is there to find, on the page and inside a frame, and find it again on a second check
 * of the same document.
 */
test('the axe check finds a faint text on the page and an image without alt inside a frame', async ({
  page,
  client,
}) => {
  await logIn(page, client);
  expect(await axeFindings(page)).toEqual([]);
  await page.evaluate(() => {
    const faint = document.createElement('p');
    faint.id = 'faint';
    faint.textContent = 'Faint words';
    faint.style.cssText = 'color:#ccc;background:#fff;position:fixed;top:0;left:0;z-index:9999';
    const frame = document.createElement('iframe');
    frame.id = 'framed';
    frame.title = 'A frame';
    frame.srcdoc =
      '<html lang="en"><body><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></body></html>';
    document.body.append(faint, frame);
  });
  await expect(page.frameLocator('#framed').locator('img')).toBeAttached();
  const findings = await axeFindings(page);
  expect(findings.map((finding) => [finding.id, finding.targets])).toEqual([
    ['color-contrast', ['#faint']],
    ['image-alt', ['#framed >>> img']],
  ]);
  // The journey leaves the page as it found it, for the check every journey ends with.
  await page.evaluate(() =>
    document.querySelectorAll('#faint, #framed').forEach((node) => node.remove()),
  );
});
