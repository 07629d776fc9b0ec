/** Webpack entry of the published journal site (dist/client/mj/index.html). */
import '../shared/site-base.css';
import './journal-site.css';
import { startJournalSite } from './journal-site';

const root = document.getElementById('site');
if (root !== null) startJournalSite(root);
