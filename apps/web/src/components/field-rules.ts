import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core';

/** Whether a contract field must be given: it is neither optional nor defaulted. */
function isRequired(field: $ZodType): boolean {
  return field._zod.optin === undefined && field._zod.def.type !== 'default';
}

/** One issue of the contract's own check, worded for a person in the current language. */
function wording(issue: $ZodIssue, label: string, t: TFunction, value: unknown): string {
  const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (empty) return t('form.required', { ns: 'components', field: label });
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? t('form.minLength', { ns: 'components', min: issue.minimum })
        : t('form.atLeast', { ns: 'components', min: issue.minimum });
    case 'too_big':
      return issue.origin === 'string'
        ? t('form.maxLength', { ns: 'components', max: issue.maximum })
        : t('form.atMost', { ns: 'components', max: issue.maximum });
    case 'invalid_format':
      return t('form.format', { ns: 'components', field: label });
    default:
      return t('form.invalid', { ns: 'components', field: label });
  }
}

/**
 * The antd rules of a form field, from the same zod field the server checks with: the form
 * refuses exactly what the server would, worded in the reader's language. Empty input counts
 * as "not given" (the contract's optional text fields trim to nothing).
 */
export function fieldRules(field: $ZodType, label: string, t: TFunction): Rule[] {
  const required = isRequired(field);
  return [
    { required, message: t('form.required', { ns: 'components', field: label }) },
    {
      validator: (_rule, value: unknown) => {
        const empty = value === undefined || value === null || value === '';
        if (empty && !required) return Promise.resolve();
        const result = safeParse(field, empty ? undefined : value);
        return result.success ? Promise.resolve() : Promise.reject(new Error(wording(result.error.issues[0]!, label, t, value)));
      },
    },
  ];
}
