import { firmwareApis, type DictData, type Firmware } from '@lightdesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { useDictStore } from '../../../components/dict-store';
import { renderWithProviders, signedInWith, testI18n } from '../../../components/test-utils';
import release from '../../../locales/en-US/release.json';
import { FirmwarePage } from './firmware-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const api = firmwareApis.development;
const SHA = 'a'.repeat(64);
const MD5 = 'b'.repeat(32);
const ROW: Firmware = {
  id: 3,
  channel: 'development',
  name: 'Halo main',
  versionNumber: '1.10.0',
  firmwareType: 'halo',
  module: 'default',
  contentZh: '修复',
  contentEn: 'Fixes',
  isForceUpdate: false,
  packageType: 'full',
  fromVersion: '',
  signatureAlgorithm: 'sha256',
  firmwareJson: '{}',
  fileKey: SHA,
  fileName: 'halo.bin',
  size: 4096,
  md5: MD5,
  sha256: SHA,
  verifyStatus: '1',
  rolloutTarget: 'all',
  rolloutStoreIds: [],
  rolloutPercent: 100,
  rolloutPaused: false,
  uploadDate: '2026-03-10T08:00:00.000Z',
  createdAt: '2026-03-10T08:00:00.000Z',
  updatedAt: '2026-03-10T08:00:00.000Z',
};
const dict = (dictType: string, entries: [string, string][]): DictData[] =>
  entries.map(([value, label], sort) => ({ dictType, value, label, colorType: '', cssClass: '', sort }));

beforeEach(() => {
  server.reset();
  server.answer(api.page, { list: [ROW], total: 1 });
  act(() =>
    useDictStore.getState().setAll([
      ...dict('firmware_type', [['halo', 'Halo']]),
      ...dict('firmware_verify_status', [
        ['0', 'Not required'],
        ['1', 'Not verified'],
        ['2', 'Verified'],
      ]),
      ...dict('firmware_signature_algorithm', [['sha256', 'SHA-256']]),
    ]),
  );
});

const i18n = () => {
  const i = testI18n();
  i.addResourceBundle('en-US', 'release', release);
  return i;
};
const render = () => renderWithProviders(<FirmwarePage channel="development" />, { i18n: i18n() });
/** An image with a vendor header, as the form's content check accepts. */
const IMAGE = new File([new Uint8Array([0xe9, 0x03, 0x02, 0x20, 1, 2, 3, 4])], 'halo.bin');

describe('Firmware form', () => {
  test('the required fields say what is missing, the file first', async () => {
    signedInWith(['firmware:development:query', 'firmware:development:create']);
    render();
    await screen.findByText('Halo main');
    await userEvent.click(screen.getByTestId('list-create'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please upload a file')).toBeInTheDocument();
    expect(server.sent(api.create)).toEqual([]);
  });

  test('an uploaded image shows its size and digests, read-only, and the save refers to it by key', async () => {
    signedInWith(['firmware:development:query', 'firmware:development:create']);
    server.answer(api.upload, { fileKey: SHA, size: 8, md5: MD5, sha256: SHA, name: 'halo.bin' });
    render();
    await screen.findByText('Halo main');
    await userEvent.click(screen.getByTestId('list-create'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type=file]')!, IMAGE);
    const facts = await within(dialog).findByTestId('firmware-file-facts');
    expect(within(facts).getByTestId('firmware-sha256')).toHaveTextContent(SHA);
    expect(within(facts).getByTestId('firmware-md5')).toHaveTextContent(MD5);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('halo');
    await userEvent.click(within(dialog).getByTestId('firmware-type'));
    await userEvent.click(await screen.findByTitle('Halo'));
    const fill = async (label: string, text: string) => {
      await userEvent.click(within(dialog).getByLabelText(label));
      await userEvent.paste(text);
    };
    await fill('Firmware version', '1.11.0');
    await fill('Update content (Chinese)', '修复');
    await fill('Update content (English)', 'Fixes');
    await fill('New firmware JSON', '{"hw":2}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.sent(api.create)).toEqual([
        expect.objectContaining({ fileKey: SHA, name: 'halo', firmwareType: 'halo', versionNumber: '1.11.0', firmwareJson: '{"hw":2}', packageType: 'full' }),
      ]),
    );
  }, 60_000);

  test('bad JSON is refused under its field before anything is sent', async () => {
    signedInWith(['firmware:development:query', 'firmware:development:update']);
    render();
    await userEvent.click(await screen.findByTestId('row-edit'));
    const dialog = await screen.findByRole('dialog');
    const json = within(dialog).getByLabelText('New firmware JSON');
    await userEvent.clear(json);
    await userEvent.type(json, '{{oops');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter valid JSON')).toBeInTheDocument();
    expect(server.sent(api.update)).toEqual([]);
  });

  test('a not-verified firmware can be set verified after confirming', async () => {
    signedInWith(['firmware:development:query', 'firmware:development:verify']);
    render();
    await userEvent.click(await screen.findByTestId('row-verify'));
    expect((await screen.findAllByText('Are you sure to set verified?')).length).toBeGreaterThan(0);
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.sent(api.verify)).toEqual([{ id: 3 }]));
  });
});
