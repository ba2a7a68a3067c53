/** '*:*:*' grants every permission, role 'admin' passes every role check. */
export const ALL_PERMISSIONS = '*:*:*';
export const SUPER_ROLE = 'admin';
export const DEFAULT_ROLE = 'ROLE_DEFAULT';

export function hasPermi(granted: readonly string[], required: string): boolean {
  return granted.includes(ALL_PERMISSIONS) || granted.includes(required);
}
export function hasAnyPermi(granted: readonly string[], required: readonly string[]): boolean {
  return required.some((p) => hasPermi(granted, p));
}
export function hasAllPermi(granted: readonly string[], required: readonly string[]): boolean {
  return required.every((p) => hasPermi(granted, p));
}
export function hasRole(roles: readonly string[], required: string): boolean {
  return roles.includes(SUPER_ROLE) || roles.includes(required);
}
export function hasAnyRole(roles: readonly string[], required: readonly string[]): boolean {
  return required.some((r) => hasRole(roles, r));
}
export function hasAllRoles(roles: readonly string[], required: readonly string[]): boolean {
  return required.every((r) => hasRole(roles, r));
}
