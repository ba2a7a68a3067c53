import type { TFunction } from 'i18next';
import type { FieldRules } from '../../../components/form-fields';

/** The contract's staff rules (StaffUsername, NewPassword, Mobile), checked before the server does. */
export const USERNAME = /^[A-Za-z0-9_.@-]+$/;
export const MOBILE = /^\+?[0-9]{6,15}$/;

export const passwordRules = (t: TFunction<'system'>, { requiredValue }: FieldRules) => [
  requiredValue(t('user.password')),
  { min: 8, max: 64, message: t('user.passwordLength') },
];
