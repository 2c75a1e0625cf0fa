/** Decap's backend, widget and locale packages ship no types of their own. */
declare module 'decap-cms-backend-proxy' {
  import type { CmsBackendClass } from 'decap-cms-core';

  export const ProxyBackend: CmsBackendClass;
}

declare module 'decap-cms-widget-*' {
  import type { CmsWidgetParam } from 'decap-cms-core';

  const widget: { Widget: () => CmsWidgetParam };
  export default widget;
}

declare module 'decap-cms-locales' {
  import type { CmsLocalePhrases } from 'decap-cms-core';

  export const en: CmsLocalePhrases;
  export const es: CmsLocalePhrases;
  export const pt: CmsLocalePhrases;
}
