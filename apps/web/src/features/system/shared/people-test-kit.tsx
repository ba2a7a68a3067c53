import type { DictData } from '@lightdesk/contract';
import { act } from '@testing-library/react';
import { useDictStore } from '../../../components/dict-store';
import { signedInWith } from '../../../components/test-utils';

const dict = (dictType: string, value: string, label: string, colorType = ''): DictData => ({ dictType, value, label, colorType, cssClass: '', sort: 0 });

/** The dictionaries these screens read, the signed-in user's grants, and a silent notifier. */
export function setUpPeople(permissions: string[] = ['*:*:*']) {
  signedInWith(permissions);
  act(() => {
    useDictStore
      .getState()
      .setAll([
        dict('common_status', '0', 'Enabled', 'success'),
        dict('common_status', '1', 'Disabled', 'info'),
        dict('system_user_sex', '1', 'Male'),
        dict('system_user_sex', '2', 'Female'),
        dict('system_user_sex', '0', 'Unknown'),
        dict('system_data_scope', '1', 'All data'),
        dict('system_data_scope', '2', 'Custom departments'),
        dict('system_menu_type', 'D', 'Directory'),
        dict('system_menu_type', 'M', 'Menu'),
        dict('system_menu_type', 'B', 'Button'),
      ]);
  });
}
