import { hasAllPermi, hasAllRoles, hasAnyPermi, hasAnyRole, hasPermi, hasRole } from '@lightdesk/contract';
import { useMemo, type ReactNode } from 'react';
import { useSession } from './session';

export interface PermissionChecks {
  hasPermi: (permission: string) => boolean;
  hasAnyPermi: (permissions: readonly string[]) => boolean;
  hasAllPermi: (permissions: readonly string[]) => boolean;
  hasRole: (role: string) => boolean;
  hasAnyRole: (roles: readonly string[]) => boolean;
  hasAllRoles: (roles: readonly string[]) => boolean;
}

/** Checks bound to a set of grants; the rules themselves live in the contract. */
export function checksFor(permissions: readonly string[], roles: readonly string[]): PermissionChecks {
  return {
    hasPermi: (p) => hasPermi(permissions, p),
    hasAnyPermi: (ps) => hasAnyPermi(permissions, ps),
    hasAllPermi: (ps) => hasAllPermi(permissions, ps),
    hasRole: (r) => hasRole(roles, r),
    hasAnyRole: (rs) => hasAnyRole(roles, rs),
    hasAllRoles: (rs) => hasAllRoles(roles, rs),
  };
}

/** The signed-in user's permission checks; hides what the server would refuse anyway. */
export function usePermission(): PermissionChecks {
  const permissions = useSession((s) => s.permissions);
  const roles = useSession((s) => s.roles);
  return useMemo(() => checksFor(permissions, roles), [permissions, roles]);
}

type OneOrMany = string | readonly string[];
const list = (value: OneOrMany): readonly string[] => (typeof value === 'string' ? [value] : value);

export interface AuthorizedProps {
  /** Shown when the user holds any of these permissions (all of them with `all`). */
  permission?: OneOrMany;
  /** Shown when the user holds any of these roles (all of them with `all`). */
  role?: OneOrMany;
  all?: boolean;
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * Renders its children only for users who may use them — a real check, unlike the
 * original's always-allow directives. Both conditions must hold when both are given.
 */
export function Authorized({ permission, role, all = false, fallback = null, children }: AuthorizedProps) {
  const checks = usePermission();
  const allowed =
    (permission === undefined || (all ? checks.hasAllPermi(list(permission)) : checks.hasAnyPermi(list(permission)))) &&
    (role === undefined || (all ? checks.hasAllRoles(list(role)) : checks.hasAnyRole(list(role))));
  return <>{allowed ? children : fallback}</>;
}
