/**
 * The app loads its main layout, each area and the rich-text editor on demand
 * (client/src/app/router.tsx, LazyRichTextField). Under jest each `import()` is a `require` that
 * transpiles and runs the whole module tree the first time a test file reaches it: on a loaded
 * machine that took longer than a `findBy` waited, and the test failed on a screen that was
 * merely still loading. Loading them once before a file's tests (client-app.tsx does, in
 * beforeAll) puts them in the file's module registry, so every lazy route and field resolves at
 * once and no query races a chunk load.
 */
export async function preloadLazyAreas(): Promise<void> {
  await Promise.all([
    import('@/app/layout/main-layout'),
    import('@/features/my-journal/components/journal-area'),
    import('@/features/my-merchant/components/merchant-area'),
    import('@/features/schemes/components/scheme-area'),
    import('@/components/form/RichTextField'),
  ]);
}
