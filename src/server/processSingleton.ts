/**
 * One value per process. The project's server and Astro's bundle are two module graphs in one process, each
 * with its own copy of a module's variables; what must exist once (the mail worker, the payment provider, the
 * logger, the draining flag) is kept under a global symbol: whichever graph asks first makes it, both share it.
 */
export function processSingleton<T>(name: string, make: () => T): T {
  const key = Symbol.for(`courtvision.${name}`);
  const global = globalThis as Record<symbol, unknown>;
  if (!(key in global)) global[key] = make();
  return global[key] as T;
}
