import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * Security headers on every answer, the API's and the console's files alike. The policy lists
 * what the built console loads: its own scripts and styles, its brand images and videos,
 * `data:` images (the sign-in captcha, antd's inline icons) and `blob:` images (previews of a
 * picked file). Scripts run only from the console's own files; inline scripts and event
 * attributes are refused. Styles must allow inline: antd writes its CSS-in-JS into `<style>`
 * elements and `style` attributes at run time. Nobody may frame the console
 * (click-jacking), and no address of ours leaks to other sites in a Referer.
 *
 * The console frames only the sites its menu entries embed: the policy of each page load names
 * their origins (`framedOrigins`, read then); API answers frame nothing.
 */
export async function securityHeaders(app: FastifyInstance, framedOrigins?: () => Promise<string[]>) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Browsers heed this only over HTTPS (behind a TLS proxy). Other hosts of the same domain
    // may still serve plain HTTP, so it does not reach subdomains.
    strictTransportSecurity: { maxAge: 180 * 86400, includeSubDomains: false },
  });
  if (!framedOrigins) return;
  app.addHook('onSend', async (req, reply, payload) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    try {
      const origins = await framedOrigins();
      if (origins.length) reply.header('content-security-policy', policy.replace("frame-src 'self'", `frame-src 'self' ${origins.join(' ')}`));
    } catch (error) {
      // The console still loads; its embedded pages stay blank until the menus can be read.
      req.log.warn({ err: error }, 'the origins of embedded menu pages could not be read');
    }
    return payload;
  });
}

/**
 * Whose X-Forwarded-For Fastify believes when it works out `req.ip`, the client address that
 * rate limits, sign-in throttling and the logs use. Without trusted proxies it is the socket's
 * address, since any client can write the header.
 */
export const trustProxy = (config: Config): FastifyServerOptions['trustProxy'] => (config.trustedProxies.length ? config.trustedProxies : false);
