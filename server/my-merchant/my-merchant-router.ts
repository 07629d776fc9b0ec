/** The MyMerchant calls (02 §7) on the merchant base (`/api` here), behind the token check. */
import { type Router } from 'express';
import type { Store } from '../db/store';
import type { UnusedImages } from '../images/unused-images';
import { createMerchantCatalogueRouter } from './merchant-catalogue-router';
import { createMerchantMediaRouter } from './merchant-media-router';
import { createMerchantPagesRouter } from './merchant-pages-router';
import { createMerchantProfilesRouter } from './merchant-profiles-router';
import { createMerchantPublishRouter } from './merchant-publish-router';
import { recordedRouter } from '../http/route-table';

export interface MyMerchantRouterOptions {
  store: Store;
  /** Where uploaded image bytes are kept (the shared image endpoint's folder). */
  filesDir: string;
  /** Deletes the images a save stopped naming once nothing names them. */
  images: UnusedImages;
}

export function createMyMerchantRouter({
  store,
  filesDir,
  images,
}: MyMerchantRouterOptions): Router {
  return recordedRouter().use(
    createMerchantProfilesRouter(store, images),
    createMerchantPagesRouter(store),
    createMerchantCatalogueRouter(store),
    createMerchantPublishRouter(store),
    createMerchantMediaRouter({ store, filesDir, images }),
  );
}
