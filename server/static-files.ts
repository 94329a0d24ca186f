// The booking widget's files (booking-widget/dist), served here and loaded by partner sites, and
// the site's public files of the build.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';

/**
 * Partners reference the loader by its stable name, so it is cached for 5 minutes; its chunks are
 * named by content hash and never change. Module scripts load with CORS: any site may fetch these
 * public files.
 */
export function widgetFiles(directory: string): RequestHandler {
  return express.static(directory, {
    fallthrough: false,
    cacheControl: false,
    setHeaders: (response, file) => {
      response.setHeader('Access-Control-Allow-Origin', '*');
      response.setHeader(
        'Cache-Control',
        path.basename(path.dirname(file)) === 'chunks'
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=300',
      );
    },
  });
}

/**
 * The build's public files (favicons, images; the hashed assets have their own handler). Only
 * paths under a name the directory holds (read once: a build does not change while it is served)
 * are looked up on disk, so a page or API request costs no file-system call.
 */
export function publicFiles(directory: string, options: { maxAge: string }): RequestHandler {
  const names = new Set(readdirSync(directory));
  const files = express.static(directory, options);
  return (request, response, next) => {
    const first = request.path.split('/')[1] ?? '';
    if (!names.has(first)) return next();
    return files(request, response, next);
  };
}
