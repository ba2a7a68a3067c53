/**
 * A version's sortable form: four segments, each zero-padded to 9 digits, so that comparing the
 * text compares the versions numerically (1.10.0 > 1.9.3) in SQL and in code alike. Missing
 * segments are zeros: 1.2 and 1.2.0 are the same version.
 */
export const versionKey = (version: string): string => {
  const segments = version.split('.').map((s) => String(Number(s)).padStart(9, '0'));
  while (segments.length < 4) segments.push('000000000');
  return segments.join('.');
};
