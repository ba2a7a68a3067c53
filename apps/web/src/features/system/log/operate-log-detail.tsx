import type { OperateLog } from '@lightdesk/contract';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../lib/i18n/languages';
import { formatDateTime, formatNumber } from '../../../lib/i18n/ui-locale';
import { ResultCodeTag } from './result-code-tag';

/** Params are stored as JSON text (secrets masked, cut at 2000 characters): indent it when it parses. */
export function prettyParams(params: string): string {
  if (!params) return '';
  try {
    return JSON.stringify(JSON.parse(params), null, 2);
  } catch {
    return params; // cut short, or not JSON: show as stored
  }
}

/** One operation in full: who, what, when, the request's parameters, result and duration. */
export function OperateLogDetail({ log, onClose }: { log: OperateLog | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation('system');
  const language = i18n.language as Language;
  return (
    <Drawer open={log !== undefined} onClose={onClose} title={t('log.detail.title')} size={560} destroyOnHidden data-testid="operate-log-detail">
      {log && (
        <Descriptions column={1} bordered size="small" styles={{ label: { width: 140 } }}>
          <Descriptions.Item label={t('log.field.time')}>
            {formatDateTime(log.createdAt, language, { dateStyle: 'medium', timeStyle: 'medium' })}
          </Descriptions.Item>
          <Descriptions.Item label={t('log.field.operator')}>{log.username || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('log.field.module')}>{log.module || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('log.field.action')}>{log.action || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('log.field.request')}>
            <Typography.Text code>{log.method}</Typography.Text> {log.path}
          </Descriptions.Item>
          <Descriptions.Item label={t('log.field.result')}>
            <ResultCodeTag code={log.resultCode} />
          </Descriptions.Item>
          <Descriptions.Item label={t('log.field.duration')}>{t('log.durationMs', { value: formatNumber(log.durationMs, language) })}</Descriptions.Item>
          <Descriptions.Item label={t('log.field.ip')}>{log.ip || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('log.field.userAgent')}>
            <Typography.Text style={{ wordBreak: 'break-all' }}>{log.userAgent || '—'}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('log.field.params')}>
            {log.params ? (
              <pre
                data-testid="operate-log-params"
                style={{ margin: 0, maxHeight: 360, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}
              >
                {prettyParams(log.params)}
              </pre>
            ) : (
              '—'
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
