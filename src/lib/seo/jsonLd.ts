/**
 * Structured data (JSON-LD, schema.org) of the pages, typed with schema-dts: BreadcrumbList on every page, Person
 * for players, SportsTeam for teams, SportsEvent for games. `jsonLdText` serialises for a <script> element: every
 * "<" is escaped, so no value can close the script ("</script>") or open a comment.
 */
import type { BreadcrumbList, Graph, Person, SportsEvent, SportsTeam, Thing } from 'schema-dts';

import type { Team } from '../league/franchises';

export interface Crumb {
  /** absolute URL */
  url: string;
  name: string;
}

export function breadcrumbList(crumbs: readonly Crumb[]): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
  };
}

type TeamRef = Pick<Team, 'name' | 'city'>;

export function sportsTeam(team: TeamRef, url?: string): SportsTeam {
  return {
    '@type': 'SportsTeam',
    name: team.name,
    sport: 'Basketball',
    location: { '@type': 'Place', name: team.city },
    ...(url ? { url } : {}),
  };
}

export interface PersonFacts {
  name: string;
  url: string;
  /** inches */
  heightIn: number | null;
  /** pounds; null when the data has none */
  weightLb?: number | null;
  /** the team of the latest season */
  team: TeamRef | null;
  /** every team played for */
  teams: readonly TeamRef[];
}

export function person(f: PersonFacts): Person {
  return {
    '@type': 'Person',
    name: f.name,
    url: f.url,
    jobTitle: 'Basketball player',
    ...(f.heightIn ? { height: { '@type': 'QuantitativeValue', value: f.heightIn, unitCode: 'INH', unitText: 'in' } } : {}),
    ...(f.weightLb ? { weight: { '@type': 'QuantitativeValue', value: f.weightLb, unitCode: 'LBR', unitText: 'lb' } } : {}),
    ...(f.team ? { memberOf: sportsTeam(f.team) } : {}),
    ...(f.teams.length > 0 ? { affiliation: f.teams.map((t) => sportsTeam(t)) } : {}),
  };
}

export interface EventFacts {
  name: string;
  url: string;
  /** YYYY-MM-DD */
  date: string;
  away: TeamRef;
  home: TeamRef;
  awayPts: number;
  homePts: number;
}

export function sportsEvent(f: EventFacts): SportsEvent {
  const away = sportsTeam(f.away);
  const home = sportsTeam(f.home);
  return {
    '@type': 'SportsEvent',
    name: f.name,
    url: f.url,
    sport: 'Basketball',
    startDate: f.date,
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'Place', name: f.home.city, address: f.home.city },
    homeTeam: home,
    awayTeam: away,
    competitor: [away, home],
    // The final score: schema.org has no score property on SportsEvent, so the result is described.
    description: `Final score: ${f.away.name} ${f.awayPts}, ${f.home.name} ${f.homePts}.`,
    organizer: { '@type': 'Organization', name: 'National Basketball Association' },
  };
}

/** The page's JSON-LD document: one graph holding every item. */
export function jsonLdGraph(items: readonly Thing[]): Graph {
  return { '@context': 'https://schema.org', '@graph': items.filter((i): i is Exclude<Thing, string> => typeof i !== 'string') };
}

/** JSON for a <script type="application/ld+json">: "<" escaped (no "</script>", no "<!--"). */
export function jsonLdText(doc: unknown): string {
  return JSON.stringify(doc)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
