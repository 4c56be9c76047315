/**
 * Links that keep their context (src/lib/filters/linkContext.ts): inside the stats app, every link to another stats
 * page (table rows, entity header) carries the applied filters that apply there. One subscription for the
 * whole app; components ask with useLinkTo() or render <StatsLink>.
 */
import { useStore } from '@nanostores/react';
import { createContext, useContext, useMemo, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { contextLinker } from '../lib/filters/linkContext';
import { $appliedFilters } from '../stores/appliedFilters';

const LinkTo = createContext<(path: string) => string>((path) => path);

export function useLinkTo(): (path: string) => string {
  return useContext(LinkTo);
}

export function ContextLinksProvider({ children }: { children: ReactNode }) {
  const applied = useStore($appliedFilters);
  const linkTo = useMemo(() => contextLinker(applied), [applied]);
  return <LinkTo.Provider value={linkTo}>{children}</LinkTo.Provider>;
}

/** An <a> to a stats path that carries the applied filters valid on its page. */
export function StatsLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const linkTo = useLinkTo();
  return <a href={linkTo(href)} {...rest} />;
}
