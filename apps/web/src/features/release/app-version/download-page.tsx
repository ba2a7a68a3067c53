import AndroidOutlined from '@ant-design/icons/AndroidOutlined';
import AppleOutlined from '@ant-design/icons/AppleOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { isAndroid, type AppDownload } from '@lightdesk/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBrand, type Brand } from '../../../lib/brands';
import { downloadsQuery, type BrandKey } from './api';
import './download-page.css';

/** The link as a phone scanning the code needs it: absolute, on this site. */
const absolute = (url: string) => new URL(url, window.location.origin).href;

/** A QR code of `text`, made here in the browser as an SVG (sharp at any size): the library loads with this page only. */
function QrCode({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`));
    return () => {
      live = false;
    };
  }, [text]);
  return src ? <img className="download-qr" src={src} alt={label} width={168} height={168} data-testid="download-qr" /> : <div className="download-qr" />;
}

function DownloadCard({ item, brand }: { item: AppDownload; brand: Brand }) {
  const { t, i18n } = useTranslation('release');
  const url = absolute(item.downloadUrl);
  const name = t(`app.platform.${item.platform}`);
  // The update notes exist in Chinese and English: Chinese readers get Chinese, everyone else English.
  const notes = i18n.language.startsWith('zh') ? item.content.zh : item.content.en;
  return (
    <section className="download-card" style={{ borderTopColor: brand.colors.primary }} data-testid={`download-${item.platform}`}>
      <header className="download-card-head">
        {isAndroid(item.platform) ? <AndroidOutlined style={{ color: brand.colors.primary }} /> : <AppleOutlined style={{ color: brand.colors.primary }} />}
        <Typography.Title level={4} style={{ margin: 0 }}>
          {name}
        </Typography.Title>
      </header>
      <Typography.Text type="secondary">{t('download.version', { version: item.versionNumber, date: item.uploadDate })}</Typography.Text>
      <QrCode text={url} label={t('download.qrLabel', { platform: name })} />
      <Typography.Text type="secondary" className="download-scan">
        {t('download.scan')}
      </Typography.Text>
      <Button type="primary" href={url} icon={<DownloadOutlined />} data-testid="download-button">
        {t(isAndroid(item.platform) ? 'download.apk' : 'download.appStore')}
      </Button>
      {notes && (
        <div className="download-notes">
          <Typography.Text strong>{t('download.notes')}</Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-line', margin: 0 }}>{notes}</Typography.Paragraph>
        </div>
      )}
    </section>
  );
}

/**
 * The public download page: this brand's current version of each platform, with a button and a
 * QR code for phones, or a clear word when nothing is published yet.
 */
export function DownloadPage() {
  const { t } = useTranslation('release');
  const brand = getBrand();
  const [state, setState] = useState<{ list?: AppDownload[]; failed?: boolean }>({});
  useEffect(() => {
    const { queryFn } = downloadsQuery(brand.key as BrandKey);
    queryFn().then(
      (list) => setState({ list }),
      () => setState({ failed: true }),
    );
  }, [brand.key]);
  return (
    <article className="public-content download-page" data-testid="public-page-download">
      <div className="download-title">
        <img src={brand.logo} alt="" width={48} height={48} />
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('download.title', { brand: brand.name })}
          </Typography.Title>
          <Typography.Text type="secondary">{t('download.intro')}</Typography.Text>
        </div>
      </div>
      {state.failed && <Alert type="error" showIcon title={t('download.failed')} />}
      {!state.list && !state.failed && <Spin />}
      {state.list?.length === 0 && <Empty description={t('download.none', { brand: brand.name })} data-testid="download-none" />}
      {!!state.list?.length && (
        <div className="download-grid">
          {state.list.map((item) => (
            <DownloadCard key={item.platform} item={item} brand={brand} />
          ))}
        </div>
      )}
    </article>
  );
}
