import type { Page, Post, PostCreate, PostQuery, PostUpdate } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

/** Also keys the staff form's post picker (`postOptionsQuery`). */
export const postCache = resourceCache('system', 'post');

export const postPageQuery = (q: PostQuery) => queryOptions({ queryKey: postCache.key('page', q), queryFn: () => api.get<Page<Post>>('/system/post/page', q) });
export const createPost = (body: PostCreate) => api.post<number>('/system/post/create', body);
export const updatePost = (body: PostUpdate) => api.put<boolean>('/system/post/update', body);
export const deletePost = (id: number) => api.delete<boolean>('/system/post/delete', { id });
