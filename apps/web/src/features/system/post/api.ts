import { postApi, type PostCreate, type PostQuery, type PostUpdate } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

/** Also keys the staff form's post picker (`postOptionsQuery`). */
export const postCache = resourceCache('system', 'post');

export const postPageQuery = (q: PostQuery) => postCache.query(postApi.page, q);
export const createPost = (body: PostCreate) => call(postApi.create, body);
export const updatePost = (body: PostUpdate) => call(postApi.update, body);
export const deletePost = (id: number) => call(postApi.delete, { id });
