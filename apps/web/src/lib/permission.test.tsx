import { render, renderHook, screen } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { Authorized, checksFor, usePermission } from './permission';
import { useSession } from './session';

const signInWith = (permissions: string[], roles: string[]) =>
  useSession.getState().setIdentity({ user: { id: 1, avatar: '', userName: 'u', nickname: 'U' }, permissions, roles });

describe('permission checks', () => {
  beforeEach(() => useSession.getState().clear());

  test('exact permissions, and *:*:* grants everything', () => {
    const operator = checksFor(['store:mesh:query'], ['operator']);
    expect(operator.hasPermi('store:mesh:query')).toBe(true);
    expect(operator.hasPermi('system:user:create')).toBe(false);
    expect(checksFor(['*:*:*'], []).hasAllPermi(['a:b:c', 'x:y:z'])).toBe(true);
  });

  test('any and all', () => {
    const c = checksFor(['a:b:c', 'd:e:f'], ['operator', 'auditor']);
    expect(c.hasAnyPermi(['x:x:x', 'd:e:f'])).toBe(true);
    expect(c.hasAllPermi(['a:b:c', 'x:x:x'])).toBe(false);
    expect(c.hasAnyRole(['nobody', 'auditor'])).toBe(true);
    expect(c.hasAllRoles(['operator', 'nobody'])).toBe(false);
  });

  test('role admin passes every role check', () => {
    expect(checksFor([], ['admin']).hasAllRoles(['operator', 'anything'])).toBe(true);
  });

  test('a user without roles holds ROLE_DEFAULT', () => {
    signInWith([], []);
    expect(useSession.getState().roles).toEqual(['ROLE_DEFAULT']);
  });

  test('the hook follows the signed-in user', () => {
    const { result, rerender } = renderHook(() => usePermission());
    expect(result.current.hasPermi('store:mesh:query')).toBe(false);
    signInWith(['store:mesh:query'], ['operator']);
    rerender();
    expect(result.current.hasPermi('store:mesh:query')).toBe(true);
  });

  test('<Authorized> shows its children only to users who hold the permission', () => {
    signInWith(['store:mesh:export'], ['operator']);
    render(
      <>
        <Authorized permission="store:mesh:export">
          <p>export</p>
        </Authorized>
        <Authorized permission="store:mesh:delete" fallback={<p>no delete</p>}>
          <p>delete</p>
        </Authorized>
        <Authorized permission={['store:mesh:export', 'store:mesh:delete']} all>
          <p>both</p>
        </Authorized>
        <Authorized role="operator" permission="store:mesh:export">
          <p>operator export</p>
        </Authorized>
        <Authorized role="admin">
          <p>admin only</p>
        </Authorized>
      </>,
    );
    expect(screen.getByText('export')).toBeInTheDocument();
    expect(screen.queryByText('delete')).not.toBeInTheDocument();
    expect(screen.getByText('no delete')).toBeInTheDocument();
    expect(screen.queryByText('both')).not.toBeInTheDocument();
    expect(screen.getByText('operator export')).toBeInTheDocument();
    expect(screen.queryByText('admin only')).not.toBeInTheDocument();
  });
});
