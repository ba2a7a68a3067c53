import { DictType, postApi, type Post } from '@lightdesk/contract';
import { useTranslation } from 'react-i18next';
import { col, dateCol, dictCol, textCol } from '../../../components/list-columns';
import { dictFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { deletePost, postPageQuery, postCache } from './api';
import { PostForm } from './post-form';

/** Administration › Posts: list, create, edit, delete (refused while staff hold it), export. */
export function PostPage() {
  const { t } = useTranslation('system');
  return (
    <ListPage
      query={postPageQuery}
      cache={postCache}
      filters={[textFilter('code', t('post.code')), textFilter('name', t('post.name')), dictFilter('status', t('common.status'), DictType.commonStatus)]}
      columns={[
        col<Post>('code', t('post.code'), { sortable: true }),
        col<Post>('name', t('post.name'), { sortable: true }),
        dictCol<Post>('status', t('common.status'), DictType.commonStatus, { width: 100 }),
        col<Post>('sort', t('common.sort'), { sortable: true, width: 90 }),
        textCol<Post>('remark', t('common.remark')),
        dateCol<Post>('createdAt', t('common.createdAt'), { sortable: true }),
      ]}
      actions={{
        create: { permission: 'system:post:create', form: PostForm },
        edit: { permission: 'system:post:update', form: PostForm },
        remove: { permission: 'system:post:delete', run: (p) => deletePost(p.id), describe: (p) => p.name },
        export: { endpoint: postApi.exportExcel, fileName: t('post.file') },
      }}
    />
  );
}
