import { useId } from 'react';

/**
 * The chapters of a page as a numbered list of buttons, not links: the address's # belongs to the
 * console's routing. `current` marks the chapter on show where only one is.
 */
export function ChapterList({
  heading,
  chapters,
  current,
  onChoose,
  testId,
}: {
  heading: string;
  chapters: readonly { id: number; title: string }[];
  current?: number;
  onChoose: (id: number) => void;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId} className="public-toc" data-testid={testId}>
      <h2 id={headingId}>{heading}</h2>
      <ol>
        {chapters.map((chapter) => (
          <li key={chapter.id}>
            <button
              type="button"
              className="public-link-button"
              aria-current={chapter.id === current ? 'true' : undefined}
              onClick={() => onChoose(chapter.id)}
            >
              {chapter.title}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
