import CloseOutlined from '@ant-design/icons/CloseOutlined';
import DownOutlined from '@ant-design/icons/DownOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd/es/menu';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { menuTitle } from '../lib/navigation';
import { availableActions, closeAll, closeLeft, closeOthers, closeRight, closeTag, type Tag, type TagsChange } from './tags';
import { useTags } from './tags-store';

/** The tags view: visited pages, with refresh and the five close actions. */
export function TagsView({ activePath, home }: { activePath: string; home: string }) {
  const { t } = useTranslation(['layout', 'menu']);
  const navigate = useNavigate();
  const tags = useTags((s) => s.tags);
  const apply = useTags((s) => s.apply);
  const refresh = useTags((s) => s.refresh);
  const strip = useRef<HTMLDivElement>(null);

  // Keep the open page's tag in view when the strip overflows.
  useEffect(() => {
    strip.current?.querySelector('.tag.active')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath, tags.length]);

  const run = (change: TagsChange) => {
    apply(change);
    if (change.navigateTo) void navigate(change.navigateTo);
  };

  const actionsFor = (tag: Tag): MenuProps => {
    const can = availableActions(tags, tag.path);
    return {
      items: [
        { key: 'refresh', icon: <ReloadOutlined />, label: t('tags.refresh') },
        { key: 'close', label: t('tags.close'), disabled: !can.close },
        { key: 'closeOthers', label: t('tags.closeOthers'), disabled: !can.closeOthers },
        { key: 'closeLeft', label: t('tags.closeLeft'), disabled: !can.closeLeft },
        { key: 'closeRight', label: t('tags.closeRight'), disabled: !can.closeRight },
        { key: 'closeAll', label: t('tags.closeAll'), disabled: !can.closeAll },
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        switch (key) {
          case 'refresh':
            refresh(tag.path);
            if (tag.path !== activePath) void navigate(tag.path);
            return;
          case 'close':
            return run(closeTag(tags, tag.path, activePath, home));
          case 'closeOthers':
            return run(closeOthers(tags, tag.path, activePath, home));
          case 'closeLeft':
            return run(closeLeft(tags, tag.path, activePath, home));
          case 'closeRight':
            return run(closeRight(tags, tag.path, activePath, home));
          case 'closeAll':
            return run(closeAll(tags, activePath, home));
        }
      },
    };
  };

  const active = tags.find((tag) => tag.path === activePath);
  return (
    <div className="tags-view" data-testid="tags-view">
      <div className="tags-strip" ref={strip} role="tablist">
        {tags.map((tag) => (
          <Dropdown key={tag.path} trigger={['contextMenu']} menu={actionsFor(tag)}>
            <div
              role="tab"
              tabIndex={0}
              aria-selected={tag.path === activePath}
              className={`tag${tag.path === activePath ? ' active' : ''}`}
              data-testid="tag"
              data-path={tag.path}
              onClick={() => void navigate(tag.path)}
              onKeyDown={(e) => e.key === 'Enter' && void navigate(tag.path)}
            >
              <span>{menuTitle(t, tag)}</span>
              {!tag.affix && (
                <CloseOutlined
                  className="tag-close"
                  aria-label={t('tags.close')}
                  onClick={(e) => {
                    e.stopPropagation();
                    run(closeTag(tags, tag.path, activePath, home));
                  }}
                />
              )}
            </div>
          </Dropdown>
        ))}
      </div>
      {active && (
        <Dropdown trigger={['click']} menu={actionsFor(active)}>
          <Button type="text" size="small" className="tags-actions" icon={<DownOutlined />} aria-label={t('tags.actions')} data-testid="tags-actions" />
        </Dropdown>
      )}
    </div>
  );
}
