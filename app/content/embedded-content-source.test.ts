// The embedded adapter on a small NDJSON dataset written for each test.
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedContentSource } from './embedded-content-source.server';

const root = mkdtempSync(path.join(tmpdir(), 'embedded-content-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const heroSvg =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" role="img">' +
  '<rect width="1600" height="900" fill="#123"/></svg>\n';
// Single quotes, viewBox after other attributes, fractional size.
const badgeSvg =
  "<svg xmlns='http://www.w3.org/2000/svg' width='64' height='32' viewBox='0,0,63.6,32'>" +
  "<circle cx='16' cy='16' r='16'/></svg>";

const documents = [
  {
    _id: 'siteSettings',
    _type: 'siteSettings',
    name: 'Business Chauffeur',
    hero: {
      heading: 'Arrive ready',
      image: {
        _type: 'image',
        alt: 'Two black cars',
        _sanityAsset: 'image@file://./images/hero.svg',
      },
    },
    badge: { _type: 'image', _sanityAsset: 'image@file://images/badge.svg' },
  },
  {
    _id: 'service-airport',
    _type: 'service',
    title: 'Airport',
    slug: { current: 'airport' },
    order: 2,
  },
  {
    _id: 'service-events',
    _type: 'service',
    title: 'Events',
    slug: { current: 'events' },
    order: 3,
  },
  {
    _id: 'service-corporate',
    _type: 'service',
    title: 'Corporate',
    slug: { current: 'corporate' },
    order: 1,
    related: { _type: 'reference', _ref: 'service-airport' },
  },
  // Unpublished edits: Sanity's published perspective never returns them.
  {
    _id: 'drafts.service-airport',
    _type: 'service',
    title: 'Airport (draft)',
    slug: { current: 'airport' },
    order: 2,
  },
  {
    _id: 'drafts.service-new',
    _type: 'service',
    title: 'Not yet published',
    slug: { current: 'new' },
    order: 0,
  },
];

let datasetPath: string;

function writeDataset(lines: unknown[]): void {
  writeFileSync(
    datasetPath,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n',
  );
}

let testNumber = 0;
beforeEach(() => {
  // A fresh directory per test, so a test's edits never leak into the next one.
  const dir = path.join(root, `t${++testNumber}`);
  mkdirSync(path.join(dir, 'images'), { recursive: true });
  writeFileSync(path.join(dir, 'images', 'hero.svg'), heroSvg);
  writeFileSync(path.join(dir, 'images', 'badge.svg'), badgeSvg);
  datasetPath = path.join(dir, 'dataset.ndjson');
  writeDataset(documents);
});

const serviceBySlugQuery = '*[_type == $type && slug.current == $slug][0]{title, order}';
const servicesQuery = '*[_type == "service"] | order(order asc){title}';

describe('embedded content source', () => {
  it('runs a query with params', async () => {
    const source = createEmbeddedContentSource({ datasetPath });
    expect(source.kind).toBe('embedded');
    await expect(
      source.fetch(serviceBySlugQuery, { type: 'service', slug: 'events' }),
    ).resolves.toEqual({
      title: 'Events',
      order: 3,
    });
    await expect(
      source.fetch(serviceBySlugQuery, { type: 'service', slug: 'nope' }),
    ).resolves.toBeNull();
  });

  it('orders results', async () => {
    const source = createEmbeddedContentSource({ datasetPath });
    await expect(source.fetch(servicesQuery)).resolves.toEqual([
      { title: 'Corporate' },
      { title: 'Airport' },
      { title: 'Events' },
    ]);
    await expect(
      source.fetch('*[_type == "service"] | order(title desc)[0...2].title'),
    ).resolves.toEqual(['Events', 'Corporate']);
  });

  it('answers from the published perspective, without drafts', async () => {
    const source = createEmbeddedContentSource({ datasetPath });
    await expect(
      source.fetch(serviceBySlugQuery, { type: 'service', slug: 'airport' }),
    ).resolves.toEqual({
      title: 'Airport',
      order: 2,
    });
    await expect(source.fetch('count(*[_type == "service"])')).resolves.toBe(3);
    await expect(source.fetch('*[_id in path("drafts.**")]._id')).resolves.toEqual([]);
  });

  it('rejects a query whose $param is not given, as Sanity does', async () => {
    const source = createEmbeddedContentSource({ datasetPath });
    await expect(source.fetch(serviceBySlugQuery, { type: 'service' })).rejects.toThrow(/\$slug/);
    // The refusal is not kept: with the param the same query answers.
    await expect(
      source.fetch(serviceBySlugQuery, { type: 'service', slug: 'events' }),
    ).resolves.toMatchObject({ title: 'Events' });
  });

  it('keeps results per revision, read-only: a caller cannot change the next one', async () => {
    const source = createEmbeddedContentSource({ datasetPath });
    const first = (await source.fetch(servicesQuery)) as { title: string }[];
    expect(() => {
      first[0]!.title = 'Changed by a caller';
    }).toThrow(TypeError);
    expect(() => first.pop()).toThrow(TypeError);
    await expect(source.fetch(servicesQuery)).resolves.toEqual([
      { title: 'Corporate' },
      { title: 'Airport' },
      { title: 'Events' },
    ]);
    // Parameters are part of the key.
    await expect(
      source.fetch(serviceBySlugQuery, { type: 'service', slug: 'airport' }),
    ).resolves.toMatchObject({ title: 'Airport' });
    await expect(
      source.fetch(serviceBySlugQuery, { type: 'service', slug: 'events' }),
    ).resolves.toMatchObject({ title: 'Events' });
  });

  it('dereferences documents and imported image assets', async () => {
    const source = createEmbeddedContentSource({ datasetPath });
    const hash = createHash('sha1').update(heroSvg).digest('hex');

    const settings = await source.fetch(`*[_id == "siteSettings"][0]{
      name,
      "hero": hero.image{
        alt,
        "url": asset->url,
        "width": asset->metadata.dimensions.width,
        "height": asset->metadata.dimensions.height,
        "type": asset->_type,
        "mimeType": asset->mimeType
      },
      "badge": badge.asset->{url, "dimensions": metadata.dimensions{width, height}}
    }`);
    expect(settings).toEqual({
      name: 'Business Chauffeur',
      hero: {
        alt: 'Two black cars',
        url: `/content/images/hero.svg?v=${hash.slice(0, 12)}`,
        width: 1600,
        height: 900,
        type: 'sanity.imageAsset',
        mimeType: 'image/svg+xml',
      },
      badge: {
        url: expect.stringMatching(/^\/content\/images\/badge\.svg\?v=[0-9a-f]{12}$/),
        dimensions: { width: 64, height: 32 },
      },
    });

    // The asset document has the id Sanity gives an image: image-<sha1>-<w>x<h>-<ext>.
    await expect(source.fetch('*[_id == "siteSettings"][0].hero.image.asset._ref')).resolves.toBe(
      `image-${hash}-1600x900-svg`,
    );
    await expect(source.fetch('*[_id == "service-corporate"][0].related->title')).resolves.toBe(
      'Airport',
    );
  });

  it('shows an edit to the file on the next query, even one that keeps the size', async () => {
    // A file system that stamps whole seconds, as some do: both writes below get this mtime.
    const stamp = Math.floor(Date.now() / 1000);
    utimesSync(datasetPath, stamp, stamp);
    const source = createEmbeddedContentSource({ datasetPath });
    await expect(
      source.fetch(serviceBySlugQuery, { type: 'service', slug: 'airport' }),
    ).resolves.toMatchObject({
      title: 'Airport',
    });

    // Same length, written within the same second as the read: mtime and size look unchanged.
    const before = readFileSync(datasetPath, 'utf8');
    writeFileSync(datasetPath, before.replace('"title":"Airport"', '"title":"Seaport"'));
    utimesSync(datasetPath, stamp, stamp);
    expect(statSync(datasetPath)).toMatchObject({
      size: Buffer.byteLength(before),
      mtimeMs: stamp * 1000,
    });
    await expect(
      source.fetch(serviceBySlugQuery, { type: 'service', slug: 'airport' }),
    ).resolves.toMatchObject({
      title: 'Seaport',
    });

    writeDataset([
      ...documents,
      {
        _id: 'service-weddings',
        _type: 'service',
        title: 'Weddings',
        slug: { current: 'weddings' },
        order: 4,
      },
    ]);
    await expect(source.fetch(servicesQuery)).resolves.toEqual([
      { title: 'Corporate' },
      { title: 'Airport' },
      { title: 'Events' },
      { title: 'Weddings' },
    ]);
  });

  it('names the line of invalid JSON', async () => {
    writeDataset([
      documents[0],
      documents[1],
      '{"_id": "broken", "_type": "service",',
      documents[2],
    ]);
    const source = createEmbeddedContentSource({ datasetPath });
    await expect(source.fetch(servicesQuery)).rejects.toThrow(`${datasetPath}:3 is not valid JSON`);
  });

  it('refuses an asset outside the dataset directory', async () => {
    writeDataset([
      {
        _id: 'x',
        _type: 'siteSettings',
        logo: { _type: 'image', _sanityAsset: 'image@file://../secret.svg' },
      },
    ]);
    const source = createEmbeddedContentSource({ datasetPath });
    await expect(source.fetch('*[0]')).rejects.toThrow(/inside/);
  });
});
