/** Static assets are emitted by webpack (asset/resource) and imported as their URL. */
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.ico' {
  const url: string;
  export default url;
}
/** `?raw`: a stylesheet's text (asset/source), for the site previews (sites/journal/site-preview.ts). */
declare module '*.css?raw' {
  const text: string;
  export default text;
}
/**
 * A stylesheet imported for its side effect: webpack extracts it into the page's CSS (MiniCss).
 * `?login`: the part of it the login screen uses (client/src/main.tsx, the CSS subset loader).
 */
declare module '*.css';
declare module '*.css?login';
