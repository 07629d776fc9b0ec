import { useMemo, useRef, useState } from 'react';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import Tooltip from 'react-bootstrap/Tooltip';
import { useNavigate } from 'react-router-dom';
import {
  MERCHANT_LIMITS,
  MERCHANT_TEXT,
  MERCHANT_THEME,
  type MerchantProfile,
} from '@contracts/api/merchant';
import type { AppearanceSettings } from '@contracts/site/style-model';
import { defaultMerchantAppearance } from '@contracts/site/style-model';
import { applyAppearance, readAppearance, type AppearancePart } from '@contracts/site/stylesheet';
import { AppearanceForm } from '@/components/site-builder/appearance-form';
import { CssEditorForm } from '@/components/site-builder/css-editor-form';
import { SAVE_AND_CONTINUE } from '@/components/wizard/profile-step';
import { paths, withId } from '@/config/paths';
import { showSaveFailure } from '@/lib/api/save-failures';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { RestoredNotice, useSessionDraft, useUnsavedChanges } from '@/lib/forms/unsaved-changes';
import darkThemePreview from '../../assets/dark-theme-preview.svg';
import { useUpdateMerchantProfileMutation } from '../../api/merchant-api';
import { MerchantProfileStep } from '../merchant-profile-step';
import { MerchantPreview } from './merchant-preview';

/** The screen's texts (02 §2 Step 5 names the two modes; the rest is not in the spec). */
export const SITE_EDITOR_TEXT = {
  title: 'MyMerchant Site Editor',
  modes: 'Editor',
  fonts: 'Edit Fonts',
  css: 'Edit CSS',
  darkPreview: 'Dark theme preview',
  darkTooltip: 'The dark theme: light text on a dark page',
} as const;

/** 02 §2 Step 5: "The dark-theme preview image has a tooltip delay of 15000 ms." */
export const DARK_PREVIEW_TOOLTIP_DELAY_MS = 15_000;

/** The merchant's appearance has only the page background of the page parts (02 §2 Step 5). */
const MERCHANT_PAGE_PARTS: readonly AppearancePart[] = ['pageBackground'];

type Mode = 'fonts' | 'css';

/** What the Site Editor keeps when the session ends with something unsaved: the mode and draft. */
interface KeptEditor {
  mode: Mode;
  css: string | null;
}

const isKeptEditor = (value: unknown): value is KeptEditor => {
  const kept = value as Partial<KeptEditor> | null;
  return (
    typeof kept === 'object' &&
    kept !== null &&
    (kept.mode === 'fonts' || kept.mode === 'css') &&
    (kept.css === null || typeof kept.css === 'string')
  );
};

/** The stored form of a stylesheet: an empty one is null. */
const storedCss = (css: string | null): string | null => (css === '' ? null : css);

/**
 * Step 5, the Site Editor (02 §2): one screen toggling Edit Fonts (the shared appearance form:
 * a background colour and the seven style items, rgba pickers) and Edit CSS (the shared
 * stylesheet editor, closing a brace typed at the end). Both modes edit one stylesheet, the
 * draft: a font change is written into it as it is made, and a mode opens on the draft as it is,
 * so switching never asks and loses nothing (the fonts read from the CSS, the CSS shows the
 * fonts). Saving from either mode saves the draft with that mode's edits as the profile's
 * overrideCSS (PUT profile ?returnBody=true), confirms with 'Profile updated successfully' and
 * moves to the summary. A failed save shows the server's message under "Error" (the journal's
 * decision, docs/decisions.md; 02 §8 would only log it). When the session ends by itself with the
 * draft unsaved, the screen keeps the draft and the open mode, and opens on them again after the
 * same user signs in (useSessionDraft; the two forms keep nothing of their own).
 */
export function SiteEditorStep() {
  return <MerchantProfileStep title={SITE_EDITOR_TEXT.title} form={SiteEditor} />;
}

function SiteEditor({ profile }: { profile: MerchantProfile }) {
  const navigate = useNavigate();
  const [updateProfile] = useUpdateMerchantProfileMutation();
  // The open mode, and the draft it opened on (the mode's form takes it once, when it mounts;
  // `opened` counts the openings, so a restored draft opens a new form even in the same mode).
  const [view, setView] = useState<{ mode: Mode; css: string | null; opened: number }>(() => ({
    mode: 'fonts',
    css: profile.overrideCSS,
    opened: 0,
  }));
  // The draft as it is now, the open mode's edits included; and the stylesheet last saved.
  const draft = useRef(profile.overrideCSS);
  const saved = useRef(profile.overrideCSS);
  const unsaved = () => storedCss(draft.current) !== storedCss(saved.current);
  useUnsavedChanges(unsaved);
  const restored = useSessionDraft<KeptEditor>(
    'siteEditor',
    () => (unsaved() ? { mode: view.mode, css: draft.current } : undefined),
    isKeptEditor,
    (kept) => {
      draft.current = kept.css;
      setView((current) => ({ mode: kept.mode, css: kept.css, opened: current.opened + 1 }));
    },
  );
  // What the draft says, the merchant theme's defaults where it says nothing.
  const appearance = useMemo(
    () =>
      readAppearance(view.css, profile.siteThemeId, defaultMerchantAppearance(profile.siteThemeId)),
    [view.css, profile.siteThemeId],
  );

  function switchTo(next: Mode) {
    if (next !== view.mode) {
      setView((current) => ({ mode: next, css: draft.current, opened: current.opened + 1 }));
    }
  }

  async function save(overrideCSS: string | null): Promise<void> {
    try {
      await updateProfile({ ...profile, overrideCSS }).unwrap();
    } catch (failure) {
      await showSaveFailure(failure);
      return;
    }
    draft.current = overrideCSS;
    saved.current = overrideCSS;
    await dialogs.success(MERCHANT_TEXT.successTitle, textToHtml(MERCHANT_TEXT.profileUpdated));
    await navigate(withId(paths.mm.wizard.summary, profile.id));
  }

  /** The draft with the fonts' settings written in (only when they changed, so as read). */
  const withFonts = (settings: AppearanceSettings): string =>
    applyAppearance(view.css, settings, MERCHANT_PAGE_PARTS);

  return (
    <div>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <ToggleButtonGroup
          type="radio"
          name="site-editor-mode"
          value={view.mode}
          onChange={(next: Mode) => switchTo(next)}
          aria-label={SITE_EDITOR_TEXT.modes}
        >
          <ToggleButton id="site-editor-fonts" value="fonts" variant="outline-primary">
            {SITE_EDITOR_TEXT.fonts}
          </ToggleButton>
          <ToggleButton id="site-editor-css" value="css" variant="outline-primary">
            {SITE_EDITOR_TEXT.css}
          </ToggleButton>
        </ToggleButtonGroup>
        {profile.siteThemeId === MERCHANT_THEME.DARK ? <DarkThemePreview /> : null}
      </div>
      {restored ? <RestoredNotice /> : null}
      {view.mode === 'fonts' ? (
        <AppearanceForm
          key={view.opened}
          sessionDraft={false}
          initial={appearance}
          parts={MERCHANT_PAGE_PARTS}
          submitLabel={SAVE_AND_CONTINUE}
          onChange={(settings, dirty) => {
            draft.current = dirty ? withFonts(settings) : view.css;
          }}
          onSubmit={(settings: AppearanceSettings) => save(withFonts(settings))}
          preview={(settings) => <MerchantPreview profile={profile} css={withFonts(settings)} />}
        />
      ) : (
        <CssEditorForm
          key={view.opened}
          sessionDraft={false}
          initialCss={view.css}
          maxChars={MERCHANT_LIMITS.overrideCSS}
          autoCloseBrace
          submitLabel={SAVE_AND_CONTINUE}
          onChange={(css) => {
            draft.current = storedCss(css);
          }}
          onSubmit={(css) => save(storedCss(css))}
          preview={(css) => <MerchantPreview profile={profile} css={css} />}
        />
      )}
    </div>
  );
}

/** The dark theme's preview image; its tooltip shows after 15000 ms (02 §2 Step 5). */
function DarkThemePreview() {
  return (
    <OverlayTrigger
      placement="left"
      delay={{ show: DARK_PREVIEW_TOOLTIP_DELAY_MS, hide: 0 }}
      overlay={<Tooltip id="dark-theme-preview-tooltip">{SITE_EDITOR_TEXT.darkTooltip}</Tooltip>}
    >
      {/* A button so that the keyboard reaches the tooltip too. */}
      <button type="button" className="btn p-0 border-0">
        <img
          src={darkThemePreview}
          alt={SITE_EDITOR_TEXT.darkPreview}
          width={160}
          height={100}
          className="border rounded"
        />
      </button>
    </OverlayTrigger>
  );
}
