import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichHtml } from '../../components/rich-html';
import { publishedItems } from './api';
import { ChapterList } from './chapter-list';
import { FallbackNote, LoadedView, NothingPublished } from './states';
import { usePublicLoad } from './use-public-load';
import { useReaderLanguage } from './use-reader-language';

/** /userManualVideo: the chapters beside a player showing the one chosen, and its notes. */
export function VideoManual() {
  const { t } = useTranslation('public');
  const language = useReaderLanguage();
  const [chosen, setChosen] = useState<number>();
  const loaded = usePublicLoad(`video|${language}`, () => publishedItems('video-chapter', language, { withBody: true }));
  return (
    <>
      <h1 className="public-title">{t('manualVideo.title')}</h1>
      <LoadedView loaded={loaded}>
        {(chapters) => {
          const chapter = chapters.find((c) => c.id === chosen) ?? chapters[0];
          if (!chapter) return <NothingPublished />;
          return (
            <div className="public-video-layout">
              <ChapterList heading={t('video.chapters')} chapters={chapters} current={chapter.id} onChoose={setChosen} />
              <section aria-labelledby="video-chapter-title" className="public-video-main" data-testid="video-chapter">
                <h2 id="video-chapter-title">{chapter.title}</h2>
                <FallbackNote shown={chapter.language} wanted={language} />
                {chapter.videoUrl ? (
                  // A new element per chapter, so the player starts the chosen video from its beginning.
                  <video key={chapter.id} className="public-video" src={chapter.videoUrl} controls preload="metadata" data-testid="video-player">
                    {t('video.unsupported')}
                  </video>
                ) : (
                  <p>{t('video.none')}</p>
                )}
                <RichHtml html={chapter.body} />
              </section>
            </div>
          );
        }}
      </LoadedView>
    </>
  );
}
