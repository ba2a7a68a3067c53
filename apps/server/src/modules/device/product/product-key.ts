import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A product key: 11 letters and digits (about 65 bits). lib/secrets.ts `randomToken` is
 * base64url and may hold `-` and `_`, which product keys never do.
 */
export const newProductKey = () => Array.from({ length: 11 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
