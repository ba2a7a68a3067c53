import type { DictData } from '@lightdesk/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { DictSelect } from './dict-select';
import { useDictStore } from './dict-store';
import { DictTag } from './dict-tag';
import { renderWithProviders, testI18n } from './test-utils';

const entry = (dictType: string, value: string, label: string, colorType = '', sort = 0, cssClass = ''): DictData => ({
  dictType,
  value,
  label,
  colorType,
  cssClass,
  sort,
});

// The server's seeded labels (English): translations stand for these (use-dict).
/** A test instance whose en-US dict namespace holds these label translations. */
function dictI18n(labels: Record<string, Record<string, string>>) {
  const i18n = testI18n();
  i18n.addResourceBundle('en-US', 'dict', labels);
  return i18n;
}

const STATUS = [entry('common_status', '1', 'Disabled', 'danger', 2), entry('common_status', '0', 'Enabled', 'success', 1)];
const CHANNEL = [
  entry('firmware_channel', 'release', 'Release', 'primary', 1),
  entry('firmware_channel', 'factory', 'Factory', 'warning', 2),
  entry('firmware_channel', 'dev', 'Development', '', 3, 'dev-tag'),
];

beforeEach(() => act(() => useDictStore.getState().setAll([...STATUS, ...CHANNEL])));

describe('dictionary cache', () => {
  test('groups entries by type in their sort order', () => {
    const store = useDictStore.getState();
    expect(store.entries('common_status').map((d) => d.value)).toEqual(['0', '1']);
    expect(store.entries('firmware_channel')).toHaveLength(3);
    expect(store.entries('unknown_type')).toEqual([]);
  });

  test('labels a value with the server label, and an unknown value with itself', () => {
    const store = useDictStore.getState();
    expect(store.label('firmware_channel', 'factory')).toBe('Factory');
    expect(store.label('firmware_channel', 'beta')).toBe('beta');
  });

  test('setAll replaces the cache rather than adding to it', () => {
    act(() => useDictStore.getState().setAll([entry('user_type', '1', 'Member')]));
    expect(useDictStore.getState().entries('common_status')).toEqual([]);
    expect(useDictStore.getState().entries('user_type')).toHaveLength(1);
  });
});

describe('DictTag', () => {
  test('colours the tag by the entry colour type', () => {
    renderWithProviders(
      <>
        <DictTag type="common_status" value="0" />
        <DictTag type="common_status" value={1} />
        <DictTag type="firmware_channel" value="release" />
        <DictTag type="firmware_channel" value="factory" />
      </>,
    );
    expect(screen.getByText('Enabled')).toHaveClass('ant-tag-success');
    expect(screen.getByText('Disabled')).toHaveClass('ant-tag-error');
    expect(screen.getByText('Release')).toHaveClass('ant-tag-processing');
    expect(screen.getByText('Factory')).toHaveClass('ant-tag-warning');
  });

  test('keeps the entry css class and shows a plain tag without a colour type', () => {
    renderWithProviders(<DictTag type="firmware_channel" value="dev" />);
    const tag = screen.getByText('Development');
    expect(tag).toHaveClass('dev-tag');
    expect(tag.className).not.toMatch(/ant-tag-(success|error|processing|warning)/);
  });

  test('prefers the translation <type>.<value> of the dict namespace', () => {
    const i18n = dictI18n({ common_status: { '0': '开启', '1': '停用' } });
    renderWithProviders(
      <>
        <DictTag type="common_status" value="0" />
        <DictTag type="firmware_channel" value="release" />
      </>,
      { i18n },
    );
    expect(screen.getByText('开启')).toBeInTheDocument();
    expect(screen.queryByText('Enabled')).toBeNull();
    // No translation for this type: the server label stays.
    expect(screen.getByText('Release')).toBeInTheDocument();
  });

  test('follows a language change', async () => {
    const i18n = dictI18n({ common_status: { '0': 'Enabled' } });
    i18n.addResourceBundle('de-DE', 'dict', { common_status: { '0': 'Aktiviert' } });
    renderWithProviders(<DictTag type="common_status" value="0" />, { i18n });
    expect(screen.getByText('Enabled')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('de-DE'));
    expect(screen.getByText('Aktiviert')).toBeInTheDocument();
  });

  test('shows nothing for an empty value and the raw value for an unknown one', () => {
    const { container } = renderWithProviders(<DictTag type="common_status" value={null} />);
    expect(container).toBeEmptyDOMElement();
    renderWithProviders(<DictTag type="common_status" value="9" />);
    expect(screen.getByText('9')).toHaveClass('ant-tag');
  });
});

describe('DictSelect', () => {
  const openOptions = async () => {
    fireEvent.mouseDown(within(screen.getByTestId('status')).getByRole('combobox'));
    return waitFor(() => {
      const options = Array.from(document.querySelectorAll('.ant-select-item-option'));
      if (options.length === 0) throw new Error('closed');
      return options.map((o) => o.textContent);
    });
  };

  test('offers the entries of its type, translated where the locale knows them', async () => {
    const i18n = dictI18n({ common_status: { '0': '开启' } });
    renderWithProviders(<DictSelect type="common_status" data-testid="status" />, { i18n });
    expect(await openOptions()).toEqual(['开启', 'Disabled']);
  });

  test('reports the chosen value', async () => {
    let chosen: string | undefined;
    renderWithProviders(<DictSelect type="firmware_channel" data-testid="status" onChange={(v) => (chosen = v)} />);
    await openOptions();
    fireEvent.click(screen.getByTitle('Factory'));
    expect(chosen).toBe('factory');
  });

  test('picks up entries loaded after it was rendered', async () => {
    act(() => useDictStore.getState().setAll([]));
    renderWithProviders(<DictSelect type="common_status" data-testid="status" />);
    act(() => useDictStore.getState().setAll(STATUS));
    expect(await openOptions()).toEqual(['Enabled', 'Disabled']);
  });
});
