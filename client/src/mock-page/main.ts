/** Webpack entry of the page at /__mock (server/dev/mock/mock-page.ts links its files). */
import './mock-page.css';
import { startMockPage } from './mock-page';

const root = document.getElementById('mock-page');
if (root !== null) startMockPage(root);
