import { DictType } from '@lightdesk/contract';

type Entry = [value: string, label: string, colorType?: string];
export interface DictSeed {
  type: string;
  name: string;
  entries: Entry[];
}

/** The dictionaries of the original console and those this product needs; labels are English, the web translates. */
// One dictionary a line reads as a table.
// prettier-ignore
export const DICTIONARIES: DictSeed[] = [
  { type: DictType.userType, name: 'User type', entries: [['1', 'App user', 'primary'], ['2', 'Staff', 'success']] },
  { type: DictType.commonStatus, name: 'Status', entries: [['0', 'Enabled', 'success'], ['1', 'Disabled', 'info']] },
  { type: DictType.terminal, name: 'Terminal', entries: [['10', 'Console'], ['20', 'Android app'], ['21', 'iOS app'], ['30', 'Gateway'], ['40', 'Open API']] },
  { type: DictType.userSex, name: 'Sex', entries: [['1', 'Male'], ['2', 'Female'], ['0', 'Unknown']] },
  { type: DictType.menuType, name: 'Menu type', entries: [['D', 'Directory'], ['M', 'Menu'], ['B', 'Button']] },
  {
    type: DictType.dataScope,
    name: 'Data scope',
    entries: [['1', 'All data'], ['2', 'Custom departments'], ['3', 'Own department'], ['4', 'Own department and below'], ['5', 'Own data only']],
  },
  {
    type: DictType.loginResult,
    name: 'Sign-in result',
    entries: [
      ['success', 'Success', 'success'],
      ['bad-credentials', 'Wrong username or password', 'danger'],
      ['captcha', 'Wrong verification code', 'warning'],
      ['sms-code', 'Wrong SMS code', 'warning'],
      ['throttled', 'Too many attempts', 'warning'],
      ['disabled', 'Account disabled', 'info'],
      ['tenant-disabled', 'Agent disabled', 'info'],
      ['not-linked', 'No linked account', 'warning'],
      ['social-failed', 'Provider sign-in failed', 'warning'],
    ],
  },
  { type: DictType.firmwareChannel, name: 'Firmware channel', entries: [['release', 'Release', 'success'], ['factory', 'Factory', 'primary'], ['development', 'Development', 'warning']] },
  {
    type: DictType.firmwareType,
    name: 'Firmware type (device model)',
    entries: [
      ['meta1-esp32', 'Meta1 ESP32'], ['meta1-telink', 'Meta1 Telink'], ['meta2', 'Meta2'], ['meta2-pro', 'Meta2 Pro'], ['meta2-mini', 'Meta2 Mini'],
      ['luna', 'Luna'], ['aura', 'Aura'], ['luka', 'Luka'], ['muses', 'Muses'], ['kano', 'Kano'], ['halo', 'Halo'], ['zues', 'Zues'],
      ['wall', 'Wall'], ['pendant', 'Pendant'], ['spotlight', 'Spotlight'], ['strip-controller', 'Strip controller'], ['scene-panel', 'Scene panel'],
      ['switch-panel', 'Switch panel'], ['remote-control', 'Remote control'], ['data-relay', 'Data relay'],
    ],
  },
  { type: DictType.packageType, name: 'Package type', entries: [['full', 'Full package'], ['sub', 'Sub-package']] },
  { type: DictType.signatureAlgorithm, name: 'Signature algorithm', entries: [['none', 'None'], ['md5', 'MD5'], ['sha256', 'SHA-256']] },
  { type: DictType.verifyStatus, name: 'Verify status', entries: [['0', 'Not required', 'info'], ['1', 'Not verified', 'warning'], ['2', 'Verified', 'success']] },
  { type: DictType.appPlatform, name: 'App platform', entries: [['android', 'Android'], ['android-intl', 'Android international'], ['ios', 'iOS'], ['ios-intl', 'iOS international']] },
  { type: DictType.appScope, name: 'Scope', entries: [['domestic', 'Domestic'], ['international', 'International']] },
  { type: DictType.brand, name: 'Brand', entries: [['lightdesk', 'Lightdesk'], ['lumen', 'Lumen Retail'], ['aurora', 'Aurora Lighting'], ['nordlicht', 'Nordlicht']] },
  { type: DictType.deviceStatus, name: 'Device status', entries: [['online', 'Online', 'success'], ['offline', 'Offline', 'info']] },
  { type: DictType.storeRole, name: 'Store role', entries: [['admin', 'Administrator', 'primary'], ['member', 'Member']] },
  { type: DictType.statisticsPeriod, name: 'Statistics period', entries: [['year', 'Year'], ['month', 'Month'], ['week', 'Week'], ['day', 'Day']] },
  { type: DictType.timeFilter, name: 'Time filter', entries: [['realtime', 'Real time'], ['5m', 'Last 5 minutes'], ['week', 'Last week'], ['month', 'Last month']] },
  { type: DictType.zoneRotation, name: 'Zone rotation', entries: [['0', '0°'], ['90', '90°'], ['180', '180°'], ['270', '270°']] },
];
