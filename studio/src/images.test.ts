/**
 * A picture in the Studio is an upload with its alternative text. An image field holding the text
 * and no upload (the upload removed, or the text typed first) shows nothing on the site, so it
 * cannot be published; a field left empty still can where the picture is optional. The seed's
 * pictures (imported uploads) pass.
 */
import { describe, expect, it } from 'vitest';
import { errorPaths, readSeed, seedDocument, type Doc } from './seed-test-support';

const dataset = readSeed();
const textOnly = { _type: 'image', alt: 'Side view of a black sedan with tinted windows.' };

describe('an image with alternative text and no upload', () => {
  it('keeps a vehicle from being published, at its image', async () => {
    const vehicle = seedDocument(dataset, 'vehicleType.executive-sedan');
    expect(await errorPaths(vehicle, dataset)).toEqual([]);
    expect(await errorPaths({ ...vehicle, image: textOnly }, dataset)).toEqual(['image']);
  });

  it('keeps a service slide from being published, where the picture is optional', async () => {
    const home = seedDocument(dataset, 'page.home');
    const withSlides = JSON.stringify(home).includes('"slides"');
    expect(withSlides).toBe(true);
    expect(await errorPaths(home, dataset)).toEqual([]);
    const broken: Doc = structuredClone(home);
    const slidePath = setFirstSlideImage(broken, textOnly);
    expect(await errorPaths(broken, dataset)).toEqual([`${slidePath}.image`]);
    setFirstSlideImage(broken, undefined);
    expect(await errorPaths(broken, dataset)).toEqual([]);
  });
});

/** Sets (or removes) the image of the home page's first service slide; returns the slide's path. */
function setFirstSlideImage(page: Doc, image: unknown): string {
  const sections = page.sections as { _key: string; _type: string; slides?: { _key: string }[] }[];
  const carousel = sections.find((section) => Array.isArray(section.slides));
  const slide = carousel?.slides?.[0] as Record<string, unknown> | undefined;
  if (!carousel || !slide) throw new Error('the home page has no service slide');
  if (image === undefined) delete slide.image;
  else slide.image = image;
  return `sections.{"_key":"${carousel._key}"}.slides.{"_key":"${String(slide._key)}"}`;
}
