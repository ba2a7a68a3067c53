/**
 * Contract checks whose refusal people read carry one of these keys as their message. The
 * console words the key in the reader's language (its forms' `components` namespace); the API
 * answers the English reason here with the key beside it (`params.reason`, `params.reasonKey`),
 * so other clients read a sentence rather than a key.
 */
export const FIELD_REASONS = {
  'form.code': 'only letters, digits, underscores, dots and hyphens are allowed',
  'form.roleCode': 'only letters, digits, underscores, dots, colons and hyphens are allowed',
  'form.username': 'only letters, digits and _ . @ - are allowed',
  'form.passwordLength': 'must be 8 to 64 characters long',
  'form.mobile': 'must be 6 to 15 digits, with an optional leading +',
  'form.email': 'is not a valid e-mail address',
  'form.agentCode': 'must be 2 to 32 lower-case letters, digits or hyphens',
  'form.codeReserved': 'is reserved for the platform',
  'form.configKey': 'only lower-case letters, digits, dots, dashes and underscores are allowed',
  'form.permissionCode': 'must have the form module:resource:action in lower case',
  'form.deviceName': 'must be 1 to 64 letters, digits or . _ : - characters',
  'form.dictType': 'only lower-case letters, digits and underscores are allowed',
  'form.firmwareFile': 'please upload a file',
  'form.firmwareVersion': 'must be digits separated by dots, 1 to 4 segments (1.10.0)',
  'form.firmwareContentZh': 'please enter the update content in Chinese',
  'form.firmwareContentEn': 'please enter the update content in English',
  'form.firmwareJson': 'must be valid JSON',
  'form.firmwareJsonRequired': 'please enter the firmware JSON',
  'form.firmwareType': 'please choose the firmware type',
  'form.reportStores': 'must name one store for a report of a store, one or more different stores for several, and none for all stores',
  'form.noYearEarlierMinutes': 'the last five minutes can be compared only with the five minutes before',
} as const;

export type FieldReasonKey = keyof typeof FIELD_REASONS;

export const isFieldReasonKey = (message: string): message is FieldReasonKey => Object.hasOwn(FIELD_REASONS, message);
