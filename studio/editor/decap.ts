/**
 * Decap CMS with only what the studio's forms use: its core, the proxy backend the studio's API
 * answers, the widgets the content schemas ask for and the site's three languages. The full
 * application bundles every backend, widget and locale: megabytes a phone would fetch for nothing.
 */
import { DecapCmsCore as CMS } from 'decap-cms-core';
import { ProxyBackend } from 'decap-cms-backend-proxy';
import DecapCmsWidgetBoolean from 'decap-cms-widget-boolean';
import DecapCmsWidgetDatetime from 'decap-cms-widget-datetime';
import DecapCmsWidgetImage from 'decap-cms-widget-image';
import DecapCmsWidgetList from 'decap-cms-widget-list';
import DecapCmsWidgetNumber from 'decap-cms-widget-number';
import DecapCmsWidgetObject from 'decap-cms-widget-object';
import DecapCmsWidgetRelation from 'decap-cms-widget-relation';
import DecapCmsWidgetSelect from 'decap-cms-widget-select';
import DecapCmsWidgetString from 'decap-cms-widget-string';
import DecapCmsWidgetText from 'decap-cms-widget-text';
import { en, es, pt } from 'decap-cms-locales';

CMS.registerBackend('proxy', ProxyBackend);
for (const widget of [
  DecapCmsWidgetBoolean,
  DecapCmsWidgetDatetime,
  DecapCmsWidgetImage,
  DecapCmsWidgetList,
  DecapCmsWidgetNumber,
  DecapCmsWidgetObject,
  DecapCmsWidgetRelation,
  DecapCmsWidgetSelect,
  DecapCmsWidgetString,
  DecapCmsWidgetText,
]) {
  CMS.registerWidget(widget.Widget());
}
CMS.registerLocale('en', en);
CMS.registerLocale('es', es);
CMS.registerLocale('pt', pt);

export default CMS;
