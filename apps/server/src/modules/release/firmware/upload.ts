import { FIRMWARE_MAX_BYTES, FIRMWARE_TYPES, ResultCode, type FirmwareUploaded } from '@lightdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../lib/context';
import { AppError, badInput } from '../../../lib/errors';

const fieldText = (field: unknown): string | undefined => {
  const value = (field as { value?: unknown } | undefined)?.value;
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
};

/**
 * Streams a firmware image into storage, which counts its size, computes its digests and checks
 * its type by content without holding it in memory. Digests the uploader declares (text fields
 * sent before the file) must match what was received; a mismatch is refused, and the file is left
 * to the storage sweep, which deletes it unless something else uses the same content.
 */
export async function uploadFirmware(ctx: AppContext, req: FastifyRequest): Promise<FirmwareUploaded> {
  if (!req.isMultipart()) throw badInput('file', 'send the firmware as multipart/form-data');
  // One byte over the limit reaches storage, which refuses it; the parser never reads further.
  const part = await req.file({ limits: { fileSize: FIRMWARE_MAX_BYTES + 1 } });
  if (!part) throw new AppError(ResultCode.badInput, 'firmware.file-unknown', { field: 'file' });
  const declared = { sha256: fieldText(part.fields.sha256), md5: fieldText(part.fields.md5) };
  if (declared.sha256 !== undefined && !/^[0-9a-f]{64}$/.test(declared.sha256)) throw badInput('sha256', 'must be 64 hexadecimal characters');
  if (declared.md5 !== undefined && !/^[0-9a-f]{32}$/.test(declared.md5)) throw badInput('md5', 'must be 32 hexadecimal characters');
  const stored = await ctx.files.storage.put(part.file, { maxBytes: FIRMWARE_MAX_BYTES, types: FIRMWARE_TYPES });
  const mismatch = declared.sha256 && declared.sha256 !== stored.sha256 ? 'sha256' : declared.md5 && declared.md5 !== stored.md5 ? 'md5' : undefined;
  if (mismatch) throw new AppError(ResultCode.badInput, 'firmware.digest-mismatch', { field: mismatch });
  return { fileKey: stored.key, size: stored.size, md5: stored.md5, sha256: stored.sha256, name: part.filename.slice(0, 200) };
}
