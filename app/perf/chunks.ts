/**
 * How the browser's JavaScript is cut into files (X-PERF-2). Every page loads the client entry
 * and the root route, and with them everything they import statically. Left alone, the bundler
 * cuts that into about twenty files (React, React Router, icons, the catalogue...) because route
 * modules and lazily loaded parts share pieces of it, and gzip compresses each file on its own:
 * about 6 KB more for the first load of every page (page-weight.mjs counts gzip bytes per file).
 * Here the modules every page loads go into one file with the client entry; what only some
 * routes or lazily loaded parts use is split as the bundler chooses.
 */

/** What the bundler tells about one module while it chunks (rolldown's ModuleInfo, in part). */
export interface ChunkModuleInfo {
  isEntry: boolean;
  /** Modules that import this one statically. */
  importers: readonly string[];
}

/** The query React Router's build puts on each route's client entry module. */
const ROUTE_ENTRY_QUERY = "?__react-router-build-client-route";
const NODE_MODULES = /[\\/]node_modules[\\/]/;
const STYLESHEET = /\.css($|\?)/;

/**
 * A rolldown `codeSplitting` group name function for the client build: "shared" for a module
 * every page loads, null (the bundler's own choice) for the rest. A module is
 * loaded on every page when a chain of static imports leads to it from the root route
 * (`rootRouteFile`, absolute) or from the client entry (the one entry that is not a route).
 * Make a new one for each build: it remembers its answers.
 */
export function everyPageChunks(rootRouteFile: string) {
  const known = new Map<string, boolean>();
  const isStart = (id: string, info: ChunkModuleInfo) =>
    id === rootRouteFile ||
    id.startsWith(rootRouteFile + "?") ||
    (info.isEntry && !id.includes(ROUTE_ENTRY_QUERY));

  const loadedOnEveryPage = (
    id: string,
    getModuleInfo: (id: string) => ChunkModuleInfo | null,
  ): boolean => {
    const answer = known.get(id);
    if (answer !== undefined) return answer;
    // Walk the static importers up; import cycles end the walk at a module already seen.
    const seen = new Set([id]);
    const queue = [id];
    let found = false;
    while (queue.length > 0 && !found) {
      const current = queue.shift()!;
      const info = getModuleInfo(current);
      if (!info) continue;
      found = isStart(current, info) || known.get(current) === true;
      // Packages' own imports are not followed: a package's index re-exports all of it (every
      // icon of lucide-react), so whatever it holds would look used on every page. A package
      // module counts when the shop's code (or the client entry) imports it, and its own
      // imports come along with it.
      if (NODE_MODULES.test(current) && current !== id && !found) continue;
      for (const importer of info.importers) {
        if (!seen.has(importer)) {
          seen.add(importer);
          queue.push(importer);
        }
      }
    }
    known.set(id, found);
    return found;
  };

  return (
    id: string,
    context: { getModuleInfo: (id: string) => ChunkModuleInfo | null },
  ): string | null => {
    // The root route's own module stays in its chunk: React Router links the page's
    // stylesheet from that chunk, and stylesheets are not the bundler's to move.
    if (id === rootRouteFile || id.startsWith(rootRouteFile + "?") || STYLESHEET.test(id)) {
      return null;
    }
    if (!loadedOnEveryPage(id, (other) => context.getModuleInfo(other))) return null;
    return "shared";
  };
}
