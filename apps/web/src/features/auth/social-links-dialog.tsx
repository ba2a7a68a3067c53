import type { SocialLink } from '@lightdesk/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { currentLanguage } from '../../lib/i18n';
import { formatDateTime } from '../../lib/i18n/ui-locale';
import { notify } from '../../lib/notify';
import { fetchSocialLinks, startSocialLink, unlinkSocial } from './api';
import { leaveFor } from './leave';
import { useAuthOptions } from './use-auth-options';
import './social-links-dialog.css';

export interface SocialLinksDialogProps {
  open: boolean;
  onClose: () => void;
}

interface Row {
  provider: string;
  name: string;
  link?: SocialLink;
}

/**
 * The signed-in person's accounts at the OpenID providers: link one (a round trip to the
 * provider, back to the page the person is on) or unlink it. Links to a provider the server
 * no longer offers are listed too, so they can still be removed.
 */
export function SocialLinksDialog({ open, onClose }: SocialLinksDialogProps) {
  const { t } = useTranslation();
  const { options } = useAuthOptions();
  const location = useLocation();
  const [modal, modalHolder] = Modal.useModal();
  const [leaving, setLeaving] = useState<string>();
  const links = useQuery({ queryKey: ['social-links'], queryFn: fetchSocialLinks, enabled: open });
  const unlink = useMutation({ mutationFn: (provider: string) => unlinkSocial(provider), onSuccess: () => links.refetch() });

  const linked = new Map((links.data ?? []).map((l) => [l.provider, l]));
  const rows: Row[] = [
    ...options.socialProviders.map((p) => ({ provider: p.id, name: p.name, link: linked.get(p.id) })),
    ...(links.data ?? [])
      .filter((l) => !options.socialProviders.some((p) => p.id === l.provider))
      .map((l) => ({ provider: l.provider, name: l.name, link: l })),
  ];

  const link = async (provider: string) => {
    setLeaving(provider);
    try {
      const { url } = await startSocialLink({ provider, redirect: location.pathname + location.search });
      leaveFor(url);
    } catch {
      // The client has shown why.
      setLeaving(undefined);
    }
  };

  const confirmUnlink = (row: Row) =>
    modal.confirm({
      title: t('social.unlinkConfirm', { provider: row.name }),
      content: t('social.unlinkHint'),
      okText: t('social.unlink'),
      okType: 'danger',
      cancelText: t('action.cancel'),
      onOk: async () => {
        await unlink.mutateAsync(row.provider);
        notify.success(t('social.unlinked', { provider: row.name }));
      },
    });

  return (
    <Modal open={open} title={t('social.title')} footer={null} onCancel={onClose} destroyOnHidden width={480}>
      <p>{t('social.intro')}</p>
      {links.isPending ? (
        <Spin />
      ) : (
        <ul className="social-links" data-testid="social-links">
          {rows.map((row) => (
            <li key={row.provider} data-testid={`social-link-${row.provider}`}>
              <div>
                <strong>{row.name}</strong>
                <div className="social-link-status">
                  {row.link ? t('social.linkedOn', { date: formatDateTime(row.link.linkedAt, currentLanguage()) }) : t('social.notLinked')}
                </div>
              </div>
              {row.link ? (
                <Button danger onClick={() => void confirmUnlink(row)}>
                  {t('social.unlink')}
                </Button>
              ) : (
                <Button type="primary" loading={leaving === row.provider} disabled={!!leaving} onClick={() => void link(row.provider)}>
                  {t('social.link')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {modalHolder}
    </Modal>
  );
}
