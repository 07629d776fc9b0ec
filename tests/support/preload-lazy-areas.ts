/**
 * The app loads on demand: the signed-in app (client/src/app/boot.tsx), the dialogs
 * (lazy-dialog-host.tsx), its main layout, each area and the import review (router.tsx), the
 * rich-text editor (LazyRichTextField) and the colour picker's panel (ColorPickerField). Every
 * `import()` of the client is listed here. Under jest each `import()` is a `require` that
 * transpiles and runs the whole module tree the first time a test file reaches it: on a loaded
 * machine that took longer than a `findBy` waited, and the test failed on a screen that was
 * merely still loading. Loading them once before a file's tests (client-app.tsx does, in
 * beforeAll) puts them in the file's module registry, so every lazy route and field resolves at
 * once and no query races a chunk load.
 */
export async function preloadLazyAreas(): Promise<void> {
  await Promise.all([
    import('@/app/signed-in-app'),
    import('@/app/dialogs-chunk'),
    import('@/app/layout/main-layout'),
    import('@/features/my-journal/components/journal-area'),
    import('@/features/my-merchant/components/merchant-area'),
    import('@/features/schemes/components/scheme-area'),
    import('@/features/schemes/components/review/import-review-screen'),
    import('@/components/form/RichTextField'),
    import('@/components/form/ColorPickerPanel'),
  ]);
}
