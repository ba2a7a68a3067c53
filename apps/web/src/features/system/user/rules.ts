import type { TFunction } from 'i18next';

/** The contract's staff rules (StaffUsername, NewPassword, Mobile), checked before the server does. */
export const USERNAME = /^[A-Za-z0-9_.@-]+$/;
export const MOBILE = /^\+?[0-9]{6,15}$/;

export const passwordRules = (t: TFunction<'system-people'>) => [
  { required: true, message: t('form.required', { field: t('user.password') }) },
  { min: 8, max: 64, message: t('user.passwordLength') },
];
