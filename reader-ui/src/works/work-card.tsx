import { useId, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { workTypeLabels } from '@epos/schemas/works/messages';
import { HtmlContent } from '../ui/html-content';
import { formatShortDate } from '@epos/schemas/dates/formats';
import type { WorkItem } from './api';
import { safeEmbed, safeLink, sentencesOf, worksPaths } from './paths';
import './works.css';

/**
 * One reader's work: an annotation, a video framed only from youtube-nocookie.com, a recording in
 * an audio player, or a link, under its kind; a caption or annotation as the server rendered and
 * sanitised it (markdown, `||n||` sentence links that open in the app); with its sentences, its
 * author and, for those who may, `actions`. `onNavigate` runs when a link in it opens a page here.
 */
export function WorkCard({
  work,
  actions,
  onNavigate,
  headingLevel = 3,
}: {
  work: WorkItem;
  actions?: ReactNode;
  onNavigate?: () => void;
  headingLevel?: 2 | 3 | 4;
}) {
  const textId = useId();
  const embed = work.TypeOf === 'video' ? safeEmbed(work.embedUrl) : null;
  const link = work.TypeOf === 'text' ? null : safeLink(work.Urlto);
  const Heading = `h${headingLevel}` as const;
  const sentences = sentencesOf(work.SentenceNumber);
  const label = workTypeLabels[work.TypeOf];
  const html = work.TypeOf === 'text' ? work.Description : work.captionHtml;
  const described = html === '' ? undefined : textId;
  // HtmlContent has opened a page of the app (and said so by preventing the link's default).
  const opened = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented) onNavigate?.();
  };
  return (
    <article className="work-card" data-testid="reader-work" aria-label={`${label} by ${work.author.name}`}>
      <Heading className="work-card-title">{label}</Heading>
      {work.hidden && <p className="work-hidden">Hidden from readers</p>}
      {html !== '' && (
        <div id={textId} onClick={opened}>
          <HtmlContent html={html} className={work.TypeOf === 'text' ? 'work-annotation prose' : 'work-caption prose'} testId="reader-work-text" />
        </div>
      )}
      {embed !== null && (
        <div className="work-video">
          <iframe
            src={embed}
            title={`Video by ${work.author.name}`}
            aria-describedby={described}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation"
            allow="encrypted-media; picture-in-picture; fullscreen"
          />
        </div>
      )}
      {work.TypeOf === 'audio' && link !== null && (
        <audio className="work-audio" controls preload="none" src={link} aria-label={`Recording by ${work.author.name}`} aria-describedby={described} />
      )}
      {link !== null && (
        <p className="work-link">
          <a href={link} rel="noopener noreferrer nofollow">
            {work.TypeOf === 'video' ? 'Watch on YouTube' : work.TypeOf === 'audio' ? 'Open the recording' : 'Open the link'}
          </a>
        </p>
      )}
      <p className="work-meta">
        {sentences.length > 0 && (
          <>
            On {sentences.length === 1 ? 'sentence' : 'sentences'}{' '}
            {sentences.map((n, i) => (
              <span key={n}>
                {i > 0 && ', '}
                <Link href={worksPaths.sentence(n)} onClick={onNavigate}>
                  {n}
                </Link>
              </span>
            ))}
            {' · '}
          </>
        )}
        by{' '}
        {work.author.id === null ? (
          work.author.name
        ) : (
          <Link href={worksPaths.profile(work.author.id)} onClick={onNavigate}>
            {work.author.name}
          </Link>
        )}
        {' · '}
        <time dateTime={String(work.addedAt)}>{formatShortDate(String(work.addedAt))}</time>
      </p>
      {actions}
    </article>
  );
}
