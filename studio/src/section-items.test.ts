/**
 * What a page's lists need before the editor can publish: every item the site renders has the
 * fields it is shown by (a button its label and link, a tile or a point its title, a slide its
 * title, text and button, a figure its value and label, a question its answer). A draft can hold
 * an item added and left empty or half filled while the editor fills it in, and the site leaves
 * such an item out (app/content/page-sections.server.ts); the Studio's validation keeps it from
 * being published. The documents are those the site's own scenario renders
 * (tests/support/section-items.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  weddingFaqSection,
  weddingsPageWithIncompleteItems,
} from '../../tests/support/section-items';
import { errorPaths, readSeed, seedDocument } from './seed-test-support';

const dataset = readSeed();

const item = (list: string, key: string, field: string) => `${list}.{"_key":"${key}"}.${field}`;

describe('items added to a list and left empty or half filled', () => {
  it('keep a page from being published, each at the fields it is shown by', async () => {
    // The About page of the seed, with the weddings page's hero and sections.
    const page = Object.assign(
      seedDocument(dataset, 'page.about'),
      weddingsPageWithIncompleteItems('saved in the Studio'),
    );
    const section = (key: string, list: string) => `sections.{"_key":"${key}"}.${list}`;
    const slides = section('carousel', 'slides');
    expect(await errorPaths(page, dataset)).toEqual(
      [
        // Two buttons at most: the third is refused too.
        'hero.actions',
        item('hero.actions', 'empty-callToAction', 'href'),
        item('hero.actions', 'empty-callToAction', 'label'),
        item('hero.actions', 'no-href', 'href'),
        item(slides, 'empty-serviceSlide', 'link'),
        item(slides, 'empty-serviceSlide', 'link.href'),
        item(slides, 'empty-serviceSlide', 'link.label'),
        item(slides, 'empty-serviceSlide', 'text'),
        item(slides, 'empty-serviceSlide', 'title'),
        // Its alternative text without an upload.
        item(slides, 'shuttles', 'image'),
        item(slides, 'shuttles', 'link.href'),
        item(slides, 'shuttles', 'text'),
        section('cta', 'actions'),
        item(section('cta', 'actions'), 'empty-callToAction', 'href'),
        item(section('cta', 'actions'), 'empty-callToAction', 'label'),
        item(section('cta', 'actions'), 'no-label', 'label'),
        item(section('figures', 'items'), 'empty-statItem', 'label'),
        item(section('figures', 'items'), 'empty-statItem', 'value'),
        item(section('figures', 'items'), 'no-label', 'label'),
        item(section('links', 'links'), 'empty-callToAction', 'href'),
        item(section('links', 'links'), 'empty-callToAction', 'label'),
        item(section('links', 'links'), 'no-href', 'href'),
        item(section('tiles', 'tiles'), 'empty-benefitTile', 'icon'),
        item(section('tiles', 'tiles'), 'empty-benefitTile', 'title'),
        item(section('why', 'items'), 'empty-featureItem', 'title'),
        item(section('why', 'items'), 'no-title', 'title'),
      ].sort(),
    );
  });

  it('keep an FAQ section from being published: a question needs its answer', async () => {
    const faq = Object.assign(
      seedDocument(dataset, 'faqSection.booking'),
      weddingFaqSection('saved in the Studio'),
    );
    expect(await errorPaths(faq, dataset)).toEqual([
      item('items', 'empty-faqItem', 'answer'),
      item('items', 'empty-faqItem', 'question'),
      item('items', 'no-answer', 'answer'),
    ]);
  });
});
