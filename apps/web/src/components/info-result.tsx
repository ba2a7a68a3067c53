import InfoCircleFilled from '@ant-design/icons/InfoCircleFilled';
import './info-result.css';

/**
 * A page-sized notice (nothing to show here, and why), drawn like antd's Result without
 * loading it: the first screen after sign-in may be one of these.
 */
export function InfoResult({ title, text, testId }: { title: string; text: string; testId?: string }) {
  return (
    <div className="ld-info-result" data-testid={testId}>
      <InfoCircleFilled className="ld-info-result-icon" aria-hidden />
      <h2 className="ld-info-result-title">{title}</h2>
      <p className="ld-info-result-text">{text}</p>
    </div>
  );
}
