import type { FormApi } from 'final-form';
import { useMemo, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import Button from 'react-bootstrap/Button';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  MERCHANT_LIMITS,
  MERCHANT_TEXT,
  type MerchantPageType,
  type SelectedPageSubType,
  type SelectedPageType,
} from '@contracts/api/merchant';
import { CheckboxField } from '@/components/form/CheckboxField';
import { PageTextFields } from '@/components/site-builder/page-text-fields';
import { PageTypeChecklist } from '@/components/site-builder/page-type-checklist';
import { SAVE_AND_CONTINUE, useSaveAndContinue } from '@/components/wizard/profile-step';
import { loadedStep } from '@/components/wizard/loaded-step';
import { paths, withId } from '@/config/paths';
import { useStoreShape } from '@/lib/api/store-shape';
import { KeepChangesForm } from '@/lib/forms/keep-changes-form';
import { FormUnsavedChanges } from '@/lib/forms/unsaved-changes';
import {
  initialSelection,
  pageFlags,
  selectedPageTypeIds,
  type PageFlags,
  type PageTypeChoice,
} from '@/lib/sites/page-selection';
import {
  useMerchantPageSelectionQuery,
  useMerchantPageTypesQuery,
  useSaveMerchantSelectedPagesMutation,
  useSaveMerchantSelectedSubPagesMutation,
  type MerchantPageSelection,
} from '../../api/merchant-api';
import { BusyButton } from '@/components/common/busy-button';

/** Screen texts not in the spec (02 §2 names the fields only). */
export const SITE_PAGES_TEXT = {
  title: 'MyMerchant Site Pages',
  group: 'Pages of the site',
  edit: 'Edit',
  editPage: (name: string) => `Edit ${name}`,
  panel: (name: string) => `${name} page`,
  subPages: 'Sub-pages',
  noSubPages: 'This page has no sub-pages.',
  choosePage: 'Select a page and press Edit to change its texts and sub-pages.',
  saveAndContinue: SAVE_AND_CONTINUE,
} as const;

interface PageTexts {
  navItem?: string;
  title?: string;
  content?: string;
}

/**
 * Form values: the ticks (`selected.t{id}`), every page type's texts (`pages.p{id}`) and the
 * sub-page ticks (`subs.s{id}`). Plain keys: final-form reads a numeric path part as an index.
 */
interface PagesValues {
  selected: PageFlags;
  pages: Record<string, PageTexts | undefined>;
  subs: Record<string, boolean | undefined>;
}

const pageKey = (pageTypeId: number) => `p${pageTypeId}`;
const subKey = (subtypeId: number) => `s${subtypeId}`;
const SELECTED = 'selected.';
const pagePrefix = (pageTypeId: number) => `pages.${pageKey(pageTypeId)}.`;

const choiceOf = (type: MerchantPageType): PageTypeChoice => ({
  id: type.id,
  name: type.name,
  mandatory: type.fl_mandatory === 1,
});

/** A page's panel, and its heading (Edit's aria-controls, and where Edit puts the focus). */
const panelId = (pageTypeId: number) => `mm-page-panel-${pageTypeId}`;
const panelHeadingId = (pageTypeId: number) => `mm-page-panel-${pageTypeId}-heading`;

const orNull = (text: string | undefined): string | null => (text?.trim() ? text : null);

/**
 * The starting values. Decision: a page type the profile has not selected yet starts with its
 * name as Navigation Item Label and Title (H1), as the server does for the mandatory pages of a
 * new profile, so ticking a page is enough to save it.
 */
function initialValuesOf(
  pageTypes: readonly MerchantPageType[],
  pages: readonly SelectedPageType[],
  subPages: readonly SelectedPageSubType[],
): PagesValues {
  const choices = pageTypes.map(choiceOf);
  const stored = (id: number) => pages.find((page) => page.typeId === id);
  return {
    selected: pageFlags(
      choices,
      initialSelection(choices, (id) => stored(id) !== undefined),
    ),
    pages: Object.fromEntries(
      pageTypes.map((type) => {
        const page = stored(type.id);
        return [
          pageKey(type.id),
          {
            navItem: page?.navItem ?? type.name,
            title: page?.title ?? type.name,
            content: page?.content ?? '',
          },
        ];
      }),
    ),
    subs: Object.fromEntries(
      pageTypes.flatMap((type) =>
        type.children.map((child) => [
          subKey(child.id),
          subPages.some((sub) => sub.subtypeId === child.id),
        ]),
      ),
    ),
  };
}

function SitePagesForm({
  profileId,
  pageTypes,
  selection,
}: {
  profileId: number;
  pageTypes: readonly MerchantPageType[];
  selection: MerchantPageSelection;
}) {
  const saveAndContinue = useSaveAndContinue();
  const [savePages] = useSaveMerchantSelectedPagesMutation();
  const [saveSubPages] = useSaveMerchantSelectedSubPagesMutation();
  const [choices] = useState(() => pageTypes.map(choiceOf));
  // Made again only when the pages are read again (after someone else's save refused this one
  // as stale, or after this save): that read shows in the fields the operator left alone, and
  // the ones they changed keep their typing, in a page unticked too (KeepChangesForm).
  const initialValues = useMemo(
    () => initialValuesOf(pageTypes, selection.pages, selection.subPages),
    [pageTypes, selection],
  );
  const [openedId, setOpenedId] = useState<number | null>(null);

  /**
   * The selected pages (POST profile/pagetypes/, the selection replaces the stored one), then,
   * only once that answered 200, their ticked sub-pages (POST profile/pagesubtypes/, 02 §4).
   * A failure shows the server's message and nothing more is sent (useSaveAndContinue).
   */
  async function onSubmit(values: PagesValues, form: FormApi<PagesValues>): Promise<void> {
    const selected = selectedPageTypeIds(choices, values.selected);
    const pageTypesBody = selected.map((typeId) => {
      const texts = values.pages[pageKey(typeId)];
      return {
        typeId,
        navItem: texts?.navItem?.trim() ?? '',
        title: texts?.title?.trim() ?? '',
        content: orNull(texts?.content),
      };
    });
    const pageSubtypes = pageTypes
      .filter((type) => selected.includes(type.id))
      .flatMap((type) =>
        type.children
          .filter((child) => values.subs[subKey(child.id)] === true)
          .map((child) => ({ subtypeId: child.id, pageTypeFk: type.id })),
      );
    await saveAndContinue(
      async () => {
        await savePages({ profileId, pageTypes: pageTypesBody }).unwrap();
        await saveSubPages({ profileId, pageSubtypes }).unwrap();
      },
      { title: MERCHANT_TEXT.successTitle, message: MERCHANT_TEXT.pagesUpdated },
      withId(paths.mm.wizard.media, profileId),
      form,
      values,
    );
  }

  /**
   * Edit shows the page's panel and moves the focus to its heading: the panel comes after the
   * whole checklist, so the keyboard would otherwise pass every other page first (as a step
   * change focuses the step's heading). A panel closes only when another opens (its heading
   * then has the focus) or when its page is unticked (the focus is on that tick).
   */
  function openPanel(typeId: number) {
    flushSync(() => setOpenedId(typeId));
    document.getElementById(panelHeadingId(typeId))?.focus();
  }

  return (
    <KeepChangesForm<PagesValues> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting, values, form }) => {
        const selected = selectedPageTypeIds(choices, values.selected);
        const opened = pageTypes.find((type) => type.id === openedId && selected.includes(type.id));
        const submit = async (event: FormEvent<HTMLFormElement>) => {
          await handleSubmit(event);
          // Blocked by a page that is not open (02 §5): open the first one lacking its texts.
          const errors = form.getState().errors as Partial<PagesValues> | undefined;
          const invalid = selected.find((id) => errors?.pages?.[pageKey(id)] !== undefined);
          if (invalid !== undefined && invalid !== opened?.id) setOpenedId(invalid);
        };
        return (
          <form onSubmit={(event) => void submit(event)} noValidate>
            <FormUnsavedChanges />
            <div className="row">
              <div className="col-lg-5">
                <PageTypeChecklist
                  legend={SITE_PAGES_TEXT.group}
                  types={choices}
                  namePrefix={SELECTED}
                  aside={(type) => (
                    <Button
                      variant="outline-primary"
                      size="sm"
                      aria-label={SITE_PAGES_TEXT.editPage(type.name)}
                      aria-expanded={opened?.id === type.id}
                      aria-controls={panelId(type.id)}
                      disabled={!selected.includes(type.id)}
                      onClick={() => openPanel(type.id)}
                    >
                      {SITE_PAGES_TEXT.edit}
                    </Button>
                  )}
                />
              </div>
              <div className="col-lg-7">
                {opened ? null : (
                  <p className="text-body-secondary">{SITE_PAGES_TEXT.choosePage}</p>
                )}
                {/*
                 * Every selected page's panel stays mounted (only the opened one shown), so its
                 * fields keep their edits and their rules (02 §5) block the save while closed.
                 */}
                {pageTypes
                  .filter((type) => selected.includes(type.id))
                  .map((type) => (
                    <PagePanel key={type.id} type={type} hidden={type.id !== opened?.id} />
                  ))}
              </div>
            </div>
            <BusyButton type="submit" variant="primary" busy={submitting}>
              {SAVE_AND_CONTINUE}
            </BusyButton>
          </form>
        );
      }}
    </KeepChangesForm>
  );
}

/** The right panel of one selected page (02 §2 step 3). */
function PagePanel({ type, hidden }: { type: MerchantPageType; hidden: boolean }) {
  const headingId = panelHeadingId(type.id);
  return (
    <section
      id={panelId(type.id)}
      aria-labelledby={headingId}
      className="border rounded p-3 mb-3"
      hidden={hidden}
    >
      {/* Takes the focus when the page's Edit opens the panel. */}
      <h4 id={headingId} className="h6 mb-3" tabIndex={-1}>
        {SITE_PAGES_TEXT.panel(type.name)}
      </h4>
      <PageTextFields
        namePrefix={pagePrefix(type.id)}
        withNavItem
        requireTexts
        limits={MERCHANT_LIMITS}
        contentRows={8}
      />
      <fieldset>
        <legend className="form-label fs-6">{SITE_PAGES_TEXT.subPages}</legend>
        {type.children.length === 0 ? (
          <p className="text-body-secondary">{SITE_PAGES_TEXT.noSubPages}</p>
        ) : (
          type.children.map((child) => (
            <CheckboxField
              key={child.id}
              name={`subs.${subKey(child.id)}`}
              label={child.name}
              className="mb-2"
            />
          ))
        )}
      </fieldset>
    </section>
  );
}

/**
 * The stores the step reads: the page types and the profile's pages and sub-pages, read again
 * whenever the step opens, so its saves go with the ETag of the pages as they are
 * (lib/api/record-etags.ts).
 */
function useSitePagesLoads(id: number | null) {
  return {
    pageTypes: useStoreShape(useMerchantPageTypesQuery()),
    selection: useStoreShape(
      useMerchantPageSelectionQuery(id ?? skipToken, { refetchOnMountOrArgChange: true }),
    ),
  };
}

/** Step 3, Site Pages (02 §2, §4, §5). */
export const SitePagesStep = loadedStep({
  title: SITE_PAGES_TEXT.title,
  setupPath: paths.mm.wizard.setup.path,
  useLoads: useSitePagesLoads,
  form: SitePagesForm,
});
