import type { MenuSimple } from '@lightdesk/contract';

/**
 * The menu tree the grant tests check against (role menus, agent packages), flat as the server lists it:
 * Stores (D) › Store management (M) › Export, Delete (B); Devices (D) › Luminaires (M, no buttons).
 */
export const MENUS: readonly MenuSimple[] = [
  { id: 1, parentId: 0, name: 'Stores', type: 'D' },
  { id: 2, parentId: 1, name: 'Store management', type: 'M' },
  { id: 3, parentId: 2, name: 'Export', type: 'B' },
  { id: 4, parentId: 2, name: 'Delete', type: 'B' },
  { id: 5, parentId: 0, name: 'Devices', type: 'D' },
  { id: 6, parentId: 5, name: 'Luminaires', type: 'M' },
];
