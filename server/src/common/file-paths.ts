/**
 * Whether a request path names a file rather than a page of the app: anything under /assets (the
 * client's build output) or a last segment with an extension (/favicon.png, /sitemap-2.xml). The
 * app's own routes never end in an extension. A file that is missing is answered 404, never with the
 * page shell: a browser that asked for a script (a chunk of an earlier deploy, a typo) would
 * otherwise get HTML with 200 and fail on it.
 */
export function isFilePath(p: string): boolean {
  return /^\/assets(\/|$)/.test(p) || /\.[A-Za-z0-9]+$/.test(p.slice(p.lastIndexOf('/') + 1));
}
