// The booking widget's files (booking-widget/dist), served here and loaded by partner sites.
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
