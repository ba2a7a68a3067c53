import type { Socket } from 'node:net';
import { Duplex, Transform } from 'node:stream';

/**
 * Largest CONNECT, and largest packet of any kind but PUBLISH: these carry only a device's
 * names, credentials, topics and ids (and its Last Will, which is a few bytes), so only a report
 * batch needs more. As large as the body of an HTTP sign-in.
 */
export const SMALL_PACKET_BYTES = 16 * 1024;

const CONNECT = 1;
const PUBLISH = 3;

/**
 * The connection as the broker reads it, every packet's size checked against its limit as soon
 * as its fixed header announces it: the first packet must be a CONNECT of at most
 * SMALL_PACKET_BYTES, later ones a PUBLISH of at most `maxPacketBytes` or another packet of at
 * most SMALL_PACKET_BYTES. The broker's parser would otherwise buffer a packet whole, whatever
 * size its header claims, before anyone has signed in; a packet over its limit closes the
 * connection instead, before any of its body reaches the broker. `refused` says why.
 */
export function withPacketLimits(socket: Socket, maxPacketBytes: number, refused: (reason: string) => void): Duplex {
  let first = true;
  let type = 0;
  /** Bytes of the remaining length read so far; -1 at the start of a packet. */
  let lengthBytes = -1;
  let length = 0;
  /** Bytes of the current packet's body still to come. */
  let body = 0;

  const sizes = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      const stop = (reason: string) => {
        refused(reason);
        socket.destroy();
        next();
      };
      for (let i = 0; i < chunk.length;) {
        if (body > 0) {
          const skipped = Math.min(body, chunk.length - i);
          body -= skipped;
          i += skipped;
          continue;
        }
        const byte = chunk[i++]!;
        if (lengthBytes < 0) {
          type = byte >> 4;
          length = 0;
          lengthBytes = 0;
          continue;
        }
        // The remaining length: seven bits a byte, least significant first, in at most four bytes.
        length += (byte & 0x7f) * 128 ** lengthBytes++;
        if (byte & 0x80) {
          if (lengthBytes === 4) return stop('malformed remaining length');
          continue;
        }
        const size = 1 + lengthBytes + length;
        if (first && type !== CONNECT) return stop('the first packet is not a CONNECT');
        const limit = type === PUBLISH && !first ? maxPacketBytes : SMALL_PACKET_BYTES;
        if (size > limit) return stop(`a packet of ${size} bytes, over the limit of ${limit}`);
        first = false;
        body = length;
        lengthBytes = -1;
      }
      next(null, chunk);
    },
  });
  return Duplex.from({ readable: socket.pipe(sizes), writable: socket });
}
