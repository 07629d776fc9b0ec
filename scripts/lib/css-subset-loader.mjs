// Webpack loader: keeps, of a stylesheet, only the rules a page can use, through PurgeCSS.
// Options: `content`, the source files whose words name the classes the page can use, and
// `safelist`, classes added by libraries at run time. Rules without classes (elements, :root,
// the theme's variables) stay; unused @keyframes and custom properties stay too, because
// Bootstrap's components read its variables from :root.
import { PurgeCSS } from 'purgecss';

export default function cssSubsetLoader(source) {
  const callback = this.async();
  const { content, safelist = [] } = this.getOptions();
  for (const file of content) this.addDependency(file);
  new PurgeCSS()
    .purge({
      content,
      css: [{ raw: source }],
      safelist: { standard: safelist },
      keyframes: false,
      variables: false,
      fontFace: false,
    })
    .then(([result]) => callback(null, result?.css ?? ''), callback);
}
