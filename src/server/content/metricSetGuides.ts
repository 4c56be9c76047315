/**
 * Each metric set's guide (set value -> guide id and title), for the column definitions' links
 * (/stats/guides/{id}). The guides collection is fixed at build time, so the map is built once per process,
 * not on every stats page render (StatsLayout).
 */
import { getCollection } from 'astro:content';
import type { GuideRef } from '../../lib/site/guideGroups';

let guides: Promise<Readonly<Record<string, GuideRef>>> | null = null;

export function metricSetGuides(): Promise<Readonly<Record<string, GuideRef>>> {
  guides ??= getCollection('guides')
    .then((all) => Object.fromEntries(all.flatMap((g) => g.data.metricSets.map((set) => [set, { id: g.id, title: g.data.title }]))))
    .catch((err: unknown) => {
      guides = null;
      throw err;
    });
  return guides;
}
