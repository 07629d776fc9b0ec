/** Webpack entry of the published merchant site (dist/client/mm/index.html). */
import '../shared/site-base.css';
import './merchant-site.css';
import { startMerchantSite } from './merchant-site';

const root = document.getElementById('site');
if (root !== null) startMerchantSite(root);
