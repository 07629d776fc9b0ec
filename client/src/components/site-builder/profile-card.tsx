import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import './profile-card.css';
import { BusyButton } from '@/components/common/busy-button';

/** Texts both builders share on their cards (01 §2.3, 02 §2 Dashboard). */
export const PROFILE_CARD_TEXT = {
  publish: 'Publish',
  unpublish: 'Unpublish',
  openSite: 'Open site',
  noImage: 'No header image',
  actions: 'Site actions',
} as const;

export interface ProfileCardProps {
  /** Link of the header image (or logo); a placeholder shows when null. */
  imageSrc: string | null;
  imageAlt: string;
  programName: string;
  /** The site's title; the card's link reads it (the builder gives a fallback when untitled). */
  title: string;
  published: boolean;
  /** The builder's indicator texts, e.g. "Published" / "Not Published". */
  publishedText: string;
  notPublishedText: string;
  /** Where the card leads: the wizard's first step with the profile id. */
  to: string;
  /** True while a publish or unpublish of this card runs. */
  busy?: boolean;
  onPublish(): void;
  onUnpublish(): void;
  onOpenSite(): void;
}

/**
 * A site profile on a builder's dashboard: header image, program name, title, a published
 * indicator that says it in words (not by colour only), Publish or Unpublish, and Open site.
 * The whole card opens the wizard through its title link (stretched over the card); the
 * buttons sit above that link, so each is a control of its own for mouse and keyboard.
 */
export function ProfileCard({
  imageSrc,
  imageAlt,
  programName,
  title,
  published,
  publishedText,
  notPublishedText,
  to,
  busy = false,
  onPublish,
  onUnpublish,
  onOpenSite,
}: ProfileCardProps) {
  const titleId = useId();
  return (
    <Card as="article" className="profile-card h-100 shadow-sm" aria-labelledby={titleId}>
      {imageSrc ? (
        <Card.Img variant="top" className="profile-card-image" src={imageSrc} alt={imageAlt} />
      ) : (
        <div
          className="profile-card-image profile-card-placeholder"
          role="img"
          aria-label={PROFILE_CARD_TEXT.noImage}
        >
          <span aria-hidden="true">▦</span>
        </div>
      )}
      <Card.Body className="d-flex flex-column gap-2">
        <p className="small text-body-secondary mb-0">{programName}</p>
        <h2 id={titleId} className="h5 mb-0">
          <Link className="stretched-link profile-card-link" to={to}>
            {title}
          </Link>
        </h2>
        <p className={`profile-card-status mb-0 ${published ? 'text-success' : 'text-danger'}`}>
          <span
            className={`profile-card-dot ${published ? 'bg-success' : 'bg-danger'}`}
            aria-hidden="true"
          />
          {published ? publishedText : notPublishedText}
        </p>
        <div
          className="profile-card-actions d-flex flex-wrap gap-2 mt-auto"
          role="group"
          aria-label={PROFILE_CARD_TEXT.actions}
        >
          {published ? (
            <BusyButton variant="outline-danger" size="sm" busy={busy} onClick={onUnpublish}>
              {PROFILE_CARD_TEXT.unpublish}
            </BusyButton>
          ) : (
            <BusyButton variant="success" size="sm" busy={busy} onClick={onPublish}>
              {PROFILE_CARD_TEXT.publish}
            </BusyButton>
          )}
          <Button variant="outline-secondary" size="sm" onClick={onOpenSite}>
            {PROFILE_CARD_TEXT.openSite}
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}
