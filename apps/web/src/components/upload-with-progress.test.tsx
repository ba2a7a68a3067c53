import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { checkFile, IMAGE_TYPES, MAX_IMAGE_BYTES } from './file-type';
import { renderWithProviders } from './test-utils';
import { UploadWithProgress } from './upload-with-progress';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const JPG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10];
const file = (name: string, bytes: number[] | string, size?: number) => {
  const f = new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name);
  // A 100 MB+ file is not built in memory: only its reported size matters to the check.
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
};

// The test drives the refusal by name itself, so don't let user-event filter by `accept`.
const user = () => userEvent.setup({ applyAccept: false });
const input = () => document.querySelector<HTMLInputElement>('input[type=file]')!;

afterEach(() => {
  // Unmount first (hooks run in reverse, before the shared cleanup), then drop leftover portals.
  cleanup();
  document.body.innerHTML = '';
});

describe('file checks (JPG, PNG, GIF, SVG up to 100 MB)', () => {
  test('accepts images whose content matches their name', async () => {
    expect(await checkFile(file('plan.png', PNG), IMAGE_TYPES, MAX_IMAGE_BYTES)).toBeNull();
    expect(await checkFile(file('plan.JPEG', JPG), IMAGE_TYPES, MAX_IMAGE_BYTES)).toBeNull();
    expect(await checkFile(file('plan.gif', 'GIF89a\x01\x00'), IMAGE_TYPES, MAX_IMAGE_BYTES)).toBeNull();
    expect(
      await checkFile(
        file('plan.svg', '\uFEFF<?xml version="1.0"?>\n<!-- floor 1 -->\n<!DOCTYPE svg>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
        IMAGE_TYPES,
        MAX_IMAGE_BYTES,
      ),
    ).toBeNull();
  });

  test('refuses other extensions, renamed files and files over the limit', async () => {
    expect(await checkFile(file('plan.bmp', 'BM'), IMAGE_TYPES, MAX_IMAGE_BYTES)).toEqual({ reason: 'extension' });
    expect(await checkFile(file('plan.png', JPG), IMAGE_TYPES, MAX_IMAGE_BYTES)).toEqual({ reason: 'content' });
    expect(await checkFile(file('evil.svg', '<html><script>alert(1)</script>'), IMAGE_TYPES, MAX_IMAGE_BYTES)).toEqual({ reason: 'content' });
    expect(await checkFile(file('big.png', PNG, MAX_IMAGE_BYTES + 1), IMAGE_TYPES, MAX_IMAGE_BYTES)).toEqual({ reason: 'size', maxBytes: MAX_IMAGE_BYTES });
    expect(await checkFile(file('exact.png', PNG, MAX_IMAGE_BYTES), IMAGE_TYPES, MAX_IMAGE_BYTES)).toBeNull();
  });
});

describe('UploadWithProgress', () => {
  const setup = (upload = vi.fn((_file: File, _onProgress: (p: number) => void) => Promise.resolve('ok'))) => {
    const onUploaded = vi.fn();
    renderWithProviders(<UploadWithProgress accept={IMAGE_TYPES} maxBytes={MAX_IMAGE_BYTES} upload={upload} onUploaded={onUploaded} />);
    return { upload, onUploaded };
  };

  test('tells the accepted types and the size limit, and sets the picker filter', () => {
    setup();
    expect(screen.getByText('JPG, PNG, GIF, SVG, up to 100 MB')).toBeInTheDocument();
    expect(input().accept).toContain('.png');
    expect(input().accept).toContain('image/svg+xml');
  });

  test('refuses a wrong type without sending it', async () => {
    const { upload } = setup();
    await user().upload(input(), file('plan.bmp', 'BM'));
    expect(await screen.findByText('Only JPG, PNG, GIF, SVG files are accepted')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
    expect(document.querySelector('.ant-upload-list-item')).toBeNull();
  });

  test('refuses a file whose content is not what its name says', async () => {
    const { upload } = setup();
    await user().upload(input(), file('plan.png', JPG));
    expect(await screen.findByText("The file's content does not match its type")).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  test('refuses a file over 100 MB', async () => {
    const { upload } = setup();
    await user().upload(input(), file('plan.png', PNG, MAX_IMAGE_BYTES + 1));
    expect(await screen.findByText('The file is larger than 100 MB')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  test('shows the progress while sending, then the success message', async () => {
    let report!: (percent: number) => void;
    let finish!: (value: string) => void;
    const upload = vi.fn((_f: File, onProgress: (p: number) => void) => {
      report = onProgress;
      return new Promise<string>((resolve) => (finish = resolve));
    });
    const { onUploaded } = setup(upload);
    const plan = file('plan.png', PNG);
    await user().upload(input(), plan);
    await waitFor(() => expect(upload).toHaveBeenCalledOnce());
    expect(upload.mock.calls[0]![0].name).toBe('plan.png');

    act(() => report(40));
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));

    await act(async () => finish('file-id-7'));
    expect(await screen.findByText('Uploaded successfully')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith('file-id-7', expect.objectContaining({ name: 'plan.png' }));
  });

  test("says 'Uploaded failed' when sending fails", async () => {
    setup(vi.fn(() => Promise.reject(new Error('network'))));
    await user().upload(input(), file('plan.png', PNG));
    expect(await screen.findByText('Uploaded failed')).toBeInTheDocument();
  });
});
