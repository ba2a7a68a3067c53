import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { ContentList } from './content-page';

/** Content › Guides, Common issues, User manuals, Video manual, Privacy policies: one list each. */
export const GuidesScreen = () => <ContentList section="guide" />;
export const CommonIssuesScreen = () => <ContentList section="common-issue" />;
export const ManualScreen = () => <ContentList section="manual-chapter" />;
export const VideoManualScreen = () => <ContentList section="video-chapter" />;
export const PrivacyScreen = () => <ContentList section="privacy-policy" />;

/** Content › Help centre: the questions, and beside them the categories they are filed under. */
export function HelpScreen() {
  const { t } = useTranslation('content');
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'questions', label: t('tabs.questions'), children: <ContentList section="help-question" /> },
        // The questions' list keeps its filters in the address; the categories' list is the second one on the screen.
        { key: 'categories', label: t('tabs.categories'), children: <ContentList section="help-category" inUrl={false} /> },
      ]}
    />
  );
}
