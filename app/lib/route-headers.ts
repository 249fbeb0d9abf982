/**
 * A route's `headers` export that keeps what its action set (Retry-After on a 429, say) and
 * otherwise its loader's. React Router applies data() headers to documents only through this.
 */
export function actionOrLoaderHeaders({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }) {
  return [...actionHeaders.keys()].length > 0 ? actionHeaders : loaderHeaders;
}
