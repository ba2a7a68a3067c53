import type { Rule } from 'antd/es/form';
import type { i18n as I18n } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core';

/** What the rules word their messages with: the app's i18n, its `components` namespace. */
export type RuleWords = Pick<I18n, 't' | 'exists'>;

export interface FieldRuleOptions {
  /** The field is picked (a select, a tree), not typed: an empty one asks to select it. */
  choice?: boolean;
}

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Whether a contract field must be given: it takes neither nothing nor empty text. */
function isRequired(field: $ZodType): boolean {
  if (safeParse(field, undefined).success) return false;
  const empty = safeParse(field, '');
  return !(empty.success && empty.data === '');
}

// A check's own wording is a key of the components namespace (`.regex(…, 'form.code')`); zod's
// default messages are sentences.
const KEY = /^[\w-]+(\.[\w-]+)+$/;

/** One issue of the contract's own check, worded for a person in the current language. */
function wording(issue: $ZodIssue, label: string, i18n: RuleWords): string {
  // Text or nothing (`z.union([Mobile, z.literal('')])`): the text's refusal is the one to tell.
  const first = issue.code === 'invalid_union' ? issue.errors[0]?.[0] : undefined;
  if (first) return wording(first, label, i18n);
  const t = (key: string, params: Record<string, unknown>) => i18n.t(key, { ns: 'components', ...params });
  if (KEY.test(issue.message) && i18n.exists(issue.message, { ns: 'components' })) return t(issue.message, { field: label });
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' ? t('form.minLength', { min: issue.minimum }) : t('form.atLeast', { min: issue.minimum });
    case 'too_big':
      return issue.origin === 'string' ? t('form.maxLength', { max: issue.maximum }) : t('form.atMost', { max: issue.maximum });
    case 'invalid_format':
      return t('form.format', { field: label });
    default:
      return t('form.invalid', { field: label });
  }
}

/**
 * What is wrong with a form field's value by the same zod field the server checks with, worded
 * in the reader's language; undefined when nothing is. Empty input (spaces alone included) counts
 * as "not given": refused when the field is required, else let through (the contract's optional
 * text fields trim to nothing).
 */
export function fieldProblem(field: $ZodType, value: unknown, label: string, i18n: RuleWords, { choice = false }: FieldRuleOptions = {}): string | undefined {
  if (isEmpty(value)) return isRequired(field) ? i18n.t(choice ? 'form.choose' : 'form.required', { ns: 'components', field: label }) : undefined;
  const result = safeParse(field, value);
  return result.success ? undefined : wording(result.error.issues[0]!, label, i18n);
}

/** The antd rules of a form field (`fieldProblem`): the form refuses exactly what the server would. */
export function fieldRules(field: $ZodType, label: string, i18n: RuleWords, options?: FieldRuleOptions): Rule[] {
  return [
    {
      // `required` marks the label; the validator does the checking, for text and numbers alike.
      required: isRequired(field),
      validator: (_rule, value: unknown) => {
        const problem = fieldProblem(field, value, label, i18n, options);
        return problem === undefined ? Promise.resolve() : Promise.reject(new Error(problem));
      },
    },
  ];
}

/**
 * The words of the messages. Forms render without waiting for them: the sign-in screen has no
 * loading state to wait in, and a message is only worded once a field is checked, by when the
 * namespace has loaded.
 */
function useRuleWords(): RuleWords {
  return useTranslation('components', { useSuspense: false }).i18n;
}

/**
 * The rules of a form's fields from the contract schema it sends:
 * `const rules = useContractRules(PostCreate); <Form.Item name="code" rules={rules('code', label)}>`.
 * Checks across fields (a refinement of the whole schema) stay with the form.
 */
export function useContractRules<Shape extends { [K in keyof Shape]: $ZodType }>(schema: { shape: Shape }) {
  const i18n = useRuleWords();
  return useCallback(
    (name: keyof Shape & string, label: string, options?: FieldRuleOptions) => fieldRules(schema.shape[name], label, i18n, options),
    [schema, i18n],
  );
}

/**
 * The same checks for the sign-in screens' light forms (no antd Form): a field's check answers
 * the message to show, or undefined. `const check = useContractChecks(LoginBody); check('username', label)(value)`.
 */
export function useContractChecks<Shape extends { [K in keyof Shape]: $ZodType }>(schema: { shape: Shape }) {
  const i18n = useRuleWords();
  return useCallback((name: keyof Shape & string, label: string) => (value: unknown) => fieldProblem(schema.shape[name], value, label, i18n), [schema, i18n]);
}
