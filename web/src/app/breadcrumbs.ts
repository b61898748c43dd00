import type { Params } from 'react-router';
import type { BreadcrumbItem } from '@/components/ui/breadcrumbs';

/** What a route's `handle.crumb` describes: a translation key, or a content entry's title. */
export type CrumbTarget = { key?: string; contentId?: string; url: string };
export type CrumbSpec = CrumbTarget | ((params: Params) => CrumbTarget);
export type RouteHandle = { crumb?: CrumbSpec };

export type CrumbMatch = { pathname: string; params: Params; handle?: unknown };

function hasCrumb(handle: unknown): handle is Required<RouteHandle> {
  return typeof handle === 'object' && handle !== null && 'crumb' in handle;
}

/**
 * Breadcrumbs from route data: Home first, then one crumb per matched route with a crumb.
 * `translate` turns a key into text; `contentTitle` names a content entry by id.
 */
export function buildCrumbs(
  matches: CrumbMatch[],
  translate: (key: string) => string,
  contentTitle: (id: string) => string | undefined,
): BreadcrumbItem[] {
  const items: BreadcrumbItem[] = [];
  for (const match of matches) {
    if (!hasCrumb(match.handle)) continue;
    const spec = match.handle.crumb;
    const target = typeof spec === 'function' ? spec(match.params) : spec;
    let label = '';
    if (target.contentId) label = contentTitle(target.contentId) ?? `#${target.contentId}`;
    else if (target.key) label = translate(target.key);
    if (!label) continue;
    if (items.length > 0 && items[items.length - 1].url === target.url) continue;
    items.push({ label, url: target.url });
  }
  if (items.length === 0) return [];
  return [{ label: translate('menu.home'), url: '/' }, ...items];
}
