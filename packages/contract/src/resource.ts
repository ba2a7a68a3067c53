import { z } from 'zod';
import { Id, IdQuery, pageOf } from './common';
import { endpoint, type Endpoint, type PermissionAccess } from './endpoint';

type Schema = z.ZodType;
type Lists = readonly ('page' | 'list')[];
type Present<Flag, T> = Flag extends true ? T : undefined;

/** The endpoints a resource declaration yields; absent ones are `undefined` in the type as well. */
export interface ResourceApi<Q extends Schema, R extends Schema, C, U, S, L extends Lists, E extends boolean, D extends Schema, G extends boolean = true> {
  page: Present<'page' extends L[number] ? true : false, Endpoint<'GET', Q, undefined, ReturnType<typeof pageOf<R>>, PermissionAccess, undefined>>;
  list: Present<'list' extends L[number] ? true : false, Endpoint<'GET', Q, undefined, z.ZodArray<R>, PermissionAccess, undefined>>;
  get: Present<G, Endpoint<'GET', typeof IdQuery, undefined, D, PermissionAccess, undefined>>;
  create: C extends Schema ? Endpoint<'POST', undefined, C, typeof Id, PermissionAccess, undefined> : undefined;
  update: U extends Schema ? Endpoint<'PUT', undefined, U, z.ZodLiteral<true>, PermissionAccess, undefined> : undefined;
  delete: C extends Schema ? Endpoint<'DELETE', typeof IdQuery, undefined, z.ZodLiteral<true>, PermissionAccess, undefined> : undefined;
  exportExcel: Present<E, Endpoint<'GET', Q, undefined, undefined, PermissionAccess, undefined>>;
  listAllSimple: S extends Schema ? Endpoint<'GET', undefined, undefined, z.ZodArray<S>, PermissionAccess, undefined> : undefined;
}

interface ResourceShapes<
  Q extends Schema,
  R extends Schema,
  C extends Schema | undefined,
  U extends Schema | undefined,
  S extends Schema | undefined,
  L extends Lists,
  E extends boolean,
  D extends Schema,
  G extends boolean,
> {
  /** What the screen calls it, for the API document: "post", "department". */
  name: string;
  query: Q;
  /** A row of the list and the detail answer. */
  row: R;
  /** Without `create` there is neither create nor delete (a read-only list such as a log). */
  create?: C;
  update?: U;
  /** The answer row of list-all-simple, for pickers. */
  simple?: S;
  /** `detail` when the detail answer holds more than a list row (e.g. linked ids). */
  detail?: D;
  /** The list routes: paged (`page`, the default) and/or every matching row (`list`, for trees). */
  lists?: L;
  /** Whether the list can be exported to Excel (same filters as the list). */
  excel?: E;
  /** Platform-level resource: agents' staff are refused whatever their roles. */
  platform?: boolean;
  /** `false` when a list row holds everything there is: no detail endpoint. */
  get?: G;
}

/**
 * The endpoints of a list-and-form resource under `base` (`/api/system/post`): page, get,
 * create, update, delete, export-excel, list-all-simple, each guarded by `<permission>:<action>`.
 * Only the endpoints whose shapes are given exist.
 */
export function resourceEndpoints<
  Q extends Schema,
  R extends Schema,
  C extends Schema | undefined = undefined,
  U extends Schema | undefined = undefined,
  S extends Schema | undefined = undefined,
  const L extends Lists = ['page'],
  E extends boolean = false,
  D extends Schema = R,
  G extends boolean = true,
>(base: string, permission: string, shapes: ResourceShapes<Q, R, C, U, S, L, E, D, G>): ResourceApi<Q, R, C, U, S, L, E, D, G> {
  const { name, query, row, create, update, simple, detail, excel, platform } = shapes;
  const lists: Lists = shapes.lists ?? ['page'];
  const p = (action: string) => ({ permission: `${permission}:${action}`, ...(platform && { platform: true }) });
  // The conditional result type follows the shapes given; the checks below build exactly that.
  return {
    page: lists.includes('page') ? endpoint.get(`${base}/page`, { ...p('query'), query, answer: pageOf(row), summary: `List ${name}s` }) : undefined,
    list: lists.includes('list') ? endpoint.get(`${base}/list`, { ...p('query'), query, answer: z.array(row), summary: `Every matching ${name}` }) : undefined,
    get: shapes.get === false ? undefined : endpoint.get(`${base}/get`, { ...p('query'), query: IdQuery, answer: detail ?? row, summary: `One ${name}` }),
    create: create ? endpoint.post(`${base}/create`, { ...p('create'), body: create, answer: Id, summary: `Create a ${name}` }) : undefined,
    update: update ? endpoint.put(`${base}/update`, { ...p('update'), body: update, answer: z.literal(true), summary: `Change a ${name}` }) : undefined,
    delete: create ? endpoint.delete(`${base}/delete`, { ...p('delete'), query: IdQuery, answer: z.literal(true), summary: `Delete a ${name}` }) : undefined,
    exportExcel: excel ? endpoint.get(`${base}/export-excel`, { ...p('export'), query, summary: `Export ${name}s to Excel` }) : undefined,
    listAllSimple: simple
      ? endpoint.get(`${base}/list-all-simple`, { ...p('query'), answer: z.array(simple), summary: `Every enabled ${name}, for pickers` })
      : undefined,
  } as unknown as ResourceApi<Q, R, C, U, S, L, E, D, G>;
}
