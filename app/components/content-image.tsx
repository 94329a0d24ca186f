// An image from the CMS. Sanity-hosted pictures get a srcset of widths in the browser's best
// format through Sanity's image pipeline (@sanity/image-url); the seed dataset's SVGs are served
// as they are. A picture that fails to load is replaced by `fallbackSrc` when one is given: the
// image carries it in data-fallback-src, and app/elements/image-fallbacks.ts swaps it in, on every
// page, with or without the app.
import imageUrlBuilder from '@sanity/image-url';
import { imageEditProps } from '~/utils/stega';

export interface ContentImageValue {
  url: string | null;
  alt?: string | null;
  width?: number | null;
  height?: number | null;
}

interface Props {
  image: ContentImageValue | null | undefined;
  /** The `sizes` attribute: how wide the image is drawn, e.g. "(min-width: 900px) 50vw, 100vw". */
  sizes?: string;
  /** Widths offered in the srcset of Sanity-hosted images. */
  widths?: number[];
  className?: string;
  loading?: 'lazy' | 'eager';
  /** Marks the picture most likely to be the page's largest paint. */
  priority?: boolean;
  fallbackSrc?: string;
  /** Overrides the CMS's alternative text, e.g. "" for a decorative picture. */
  alt?: string;
}

const SANITY_IMAGE = /^https:\/\/cdn\.sanity\.io\/images\/([^/]+)\/([^/]+)\//;

/** Width-and-format variants of a Sanity CDN image; other URLs are returned unchanged. */
export function sanityImageSrcSet(url: string, widths: number[]): string | undefined {
  const match = SANITY_IMAGE.exec(url);
  if (!match) return undefined;
  const builder = imageUrlBuilder({ projectId: match[1] as string, dataset: match[2] as string });
  return widths
    .map((width) => `${builder.image(url).width(width).auto('format').fit('max').url()} ${width}w`)
    .join(', ');
}

export function ContentImage({
  image,
  sizes = '100vw',
  widths = [360, 640, 960, 1280, 1600],
  className,
  loading = 'lazy',
  priority = false,
  fallbackSrc,
  alt,
}: Props) {
  if (!image?.url && !fallbackSrc) return null;
  const useFallback = !image?.url && fallbackSrc;
  const src = useFallback ? fallbackSrc : (image?.url as string);
  const srcSet = useFallback ? undefined : sanityImageSrcSet(src, widths);
  // In draft mode the alternative text stays clean; the edit link goes in data-sanity.
  const text = imageEditProps(alt ?? image?.alt ?? '');
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={text.alt}
      data-sanity={text['data-sanity']}
      width={image?.width ?? undefined}
      height={image?.height ?? undefined}
      loading={priority ? 'eager' : loading}
      decoding="async"
      // React 18 does not know fetchPriority yet; the lower-case attribute passes through.
      {...(priority ? { fetchpriority: 'high' } : {})}
      data-fallback-src={useFallback ? undefined : fallbackSrc}
    />
  );
}
