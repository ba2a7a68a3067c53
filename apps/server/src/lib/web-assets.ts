import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names what it builds under `assets/` by content hash: a changed file gets a new name. */
const HASHED = /[/\\]assets[/\\][^/\\]+$/;

/** The cache rule of a served file; `file` may be the `.br` / `.gz` variant chosen for the request. */
export function cacheControlFor(file: string): string {
  const original = file.replace(/\.(br|gz)$/, '');
  // A hashed file never changes under its name.
  if (HASHED.test(original)) return 'public, max-age=31536000, immutable';
  // index.html names the current hashed files: re-read on every visit so a new build shows at once.
  if (original.endsWith('.html')) return 'no-cache';
  // Unhashed public files (brand logos and backgrounds, the default avatar) keep their names
  // across builds: an hour spares the revalidation round trip on every use, and a replaced
  // file still shows the same day.
  return 'public, max-age=3600';
}

/**
 * How answers travel: the built web app from `webRoot` (when it is there) as the brotli or
 * gzip file written at build time, chosen by Accept-Encoding; API answers compressed on the fly.
 * Call it before any route is registered.
 */
export async function registerDelivery(app: FastifyInstance, webRoot?: string): Promise<void> {
  if (webRoot && fs.existsSync(path.join(webRoot, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webRoot,
      preCompressed: true,
      // The rule is set below; left on, the default `max-age=0` would replace it.
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', cacheControlFor(file));
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  // Registered after the static files on purpose: its hook joins only routes registered
  // later, so files are sent as built (precompressed or not) and never compressed again per request.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    // Request bodies stay as they are today: the server does not accept compressed uploads.
    globalDecompression: false,
    // Text only: spreadsheets (a zip) and other binary downloads are compressed already.
    customTypes: /^text\/(?!event-stream)|[/+](json|xml|javascript)(;|$)|^image\/svg\+xml/,
    // Below a kilobyte the saving does not pay for the work. (Brotli runs at the plugin's
    // quality 4: about as fast as gzip, and smaller.)
    threshold: 1024,
    // A list page or a detail (a few to some tens of kilobytes) is compressed in one call: a
    // compression stream per answer costs more in thread hops, chunks and writes than the work
    // itself. Beyond this, answers stream so one large export never holds the event loop.
    syncThreshold: 64 * 1024,
  });
}
