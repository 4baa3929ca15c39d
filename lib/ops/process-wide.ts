/**
 * The process's shared values, in one registry on globalThis. Next bundles proxy.ts, each route
 * handler, the pages and instrumentation.ts apart, and server.ts is a bundle of its own: a value
 * held at module level would be one per bundle (two metric registries, two loggers, a tips
 * snapshot read twice, data the page cache leaves that the page never finds). A value that must
 * be one per process is made here, under a name of its own, the first time any bundle asks:
 * `grep -rn "processWide('" lib` lists them. Everything else stays at module level.
 */

const REGISTRY = Symbol.for('strata.process-wide');
type Holder = { [REGISTRY]?: Map<string, unknown> };

/** The process's value named `name`, made by `create` on first use. */
export function processWide<T>(name: string, create: () => T): T {
  const registry = ((globalThis as Holder)[REGISTRY] ??= new Map());
  if (!registry.has(name)) registry.set(name, create());
  return registry.get(name) as T;
}

/** The process's value named `name` if some bundle made it, without making it. */
export function existingProcessWide<T>(name: string): T | undefined {
  return (globalThis as Holder)[REGISTRY]?.get(name) as T | undefined;
}
