// Step 4's route sketch (drawn when the site has no Maps key, as in the test environment): its texts
// keep a readable size whatever the width, addresses are never cut off, and on a phone it leaves
// at least half of the screen for the rest of the summary.
import { expectStep, fillContact, mere, next, toPassengerStep, widget } from './booking-helpers';
import { expect, test } from './fixtures';

for (const { width, height } of [
  { width: 360, height: 740 },
  { width: 1366, height: 900 },
]) {
  test(`at ${width} px the route sketch's texts are 12–18 px and whole`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/booking');
    await toPassengerStep(page);
    await fillContact(page, mere);
    await next(page, 'Next: Summary');
    await expectStep(page, 'Summary', 4);
    const sketch = widget(page).getByRole('img', {
      name: 'Sketch of your route from pickup to drop',
    });
    await expect(sketch).toBeVisible();
    const texts = await sketch.evaluate((root) =>
      [...root.querySelectorAll('.cb-sketch-label, .cb-sketch-name, .cb-sketch-muted')].map(
        (element) => ({
          text: element.textContent ?? '',
          fontSize: parseFloat(getComputedStyle(element).fontSize),
          scrollWidth: element.scrollWidth,
          clientWidth: element.clientWidth,
        }),
      ),
    );
    // Pickup and drop, each with its label and address, and the one leg between them.
    expect(texts).toHaveLength(5);
    expect(texts.map((entry) => entry.text).join(' ')).toContain('Domestic Terminal');
    expect(texts.map((entry) => entry.text).join(' ')).not.toContain('…');
    for (const entry of texts) {
      expect(entry.fontSize, entry.text).toBeGreaterThanOrEqual(12);
      expect(entry.fontSize, entry.text).toBeLessThanOrEqual(18);
      expect(entry.scrollWidth, entry.text).toBeLessThanOrEqual(entry.clientWidth);
    }
    if (width === 360) {
      const box = await sketch.boundingBox();
      expect(box?.height ?? Infinity).toBeLessThanOrEqual(370);
    }
  });
}
