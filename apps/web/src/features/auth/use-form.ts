import { useCallback, useState } from 'react';

/** A rule returns the message to show, or undefined when the value is fine. */
export type Rules<V> = { [K in keyof V]?: (value: V[K], all: V) => string | undefined };

/**
 * The sign-in screens' own small form state: they avoid antd's Form so that the first page a
 * visitor loads stays light (bench/login-weight.mjs, goal ≤ 200 KB). Fields are checked on blur and on submit.
 */
export function useForm<V extends object>(initial: V, rules: Rules<V>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});

  const check = useCallback(
    (keys: (keyof V)[], current: V) => {
      const found: Partial<Record<keyof V, string>> = {};
      for (const key of keys) {
        const message = rules[key]?.(current[key], current);
        if (message) found[key] = message;
      }
      setErrors((e) => {
        const next = { ...e };
        for (const key of keys) {
          if (found[key]) next[key] = found[key];
          else delete next[key];
        }
        return next;
      });
      return Object.keys(found).length === 0;
    },
    [rules],
  );

  return {
    values,
    errors,
    set: <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value })),
    blur: (key: keyof V) => check([key], values),
    /** Checks the given fields (all with rules by default); true when they pass. */
    validate: (keys: (keyof V)[] = Object.keys(rules) as (keyof V)[]) => check(keys, values),
  };
}
