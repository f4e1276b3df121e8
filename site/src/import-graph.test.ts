// @vitest-environment node
// The modules of site/ import one another without a cycle (a module is read before it can
// be understood alone), the generic editor reaches no backend (it knows the interface,
// editor/storage.ts, only), and the editor writes its imports one way: with the file's own
// extension. The imports are read by TypeScript's own pre-processor, type-only ones too.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FOLDERS = ["src", "scripts", "test-support"];
const SOURCE = /\.(?:tsx?|mjs|js)$/;
const EDITOR = path.join(SITE, "src", "editor");
/** The backends behind editor/storage.ts: only the entry (main.tsx) chooses one. */
const BACKENDS = ["github", "local"].map((name) => path.join(EDITOR, name) + path.sep);
const ENTRY = path.join(EDITOR, "main.tsx");

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "generated" ? [] : sources(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The file a relative specifier names (the site's bundler and tsconfig rules), or null. */
function resolveSpecifier(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier.replace(/\?.*$/, ""));
  const candidates = [base, ...[".ts", ".tsx", ".mjs", ".js", "/index.ts", "/index.tsx"].map((end) => base + end)];
  return candidates.find(isFile) ?? null;
}

/** Every relative import of a file (static, type-only, re-exports, dynamic `import()`). */
function specifiersOf(file: string): string[] {
  return ts
    .preProcessFile(readFileSync(file, "utf8"), true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((name) => name.startsWith("."));
}

const FILES = FOLDERS.flatMap((folder) => sources(path.join(SITE, folder)));
const GRAPH = new Map(
  FILES.map((file) => [
    file,
    specifiersOf(file).flatMap((specifier) => {
      const target = resolveSpecifier(file, specifier);
      return target && SOURCE.test(target) ? [target] : [];
    }),
  ]),
);

/** The strongly connected components of more than one module, or of one importing itself. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** Every module `start` imports, directly or not. */
function reached(start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const next of GRAPH.get(file) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

const relative = (file: string) => path.relative(SITE, file);

describe("the modules of site/", () => {
  it("are read whole: every relative import names a file", () => {
    expect(FILES.length).toBeGreaterThan(100);
    const unresolved = FILES.flatMap((file) =>
      specifiersOf(file)
        .filter((specifier) => resolveSpecifier(file, specifier) === null)
        .map((specifier) => `${relative(file)} → ${specifier}`),
    );
    expect(unresolved).toEqual([]);
  });

  it("import one another without a cycle", () => {
    expect(cycles(GRAPH).map((cycle) => cycle.map(relative).sort())).toEqual([]);
  });

  it("find a cycle when there is one", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(cycles(graph).map((cycle) => cycle.sort())).toEqual([["a", "b", "c"], ["e"]]);
  });
});

describe("the editor", () => {
  const generic = FILES.filter(
    (file) => file.startsWith(EDITOR + path.sep) && file !== ENTRY && !BACKENDS.some((backend) => file.startsWith(backend)),
  );

  it("reaches no backend from its generic part: the notebook, the forms, the list, the app", () => {
    expect(generic.some((file) => file.includes(`${path.sep}notebook${path.sep}`))).toBe(true);
    const leaks = generic.flatMap((file) =>
      [...reached(file)].filter((target) => BACKENDS.some((backend) => target.startsWith(backend))).map((target) => `${relative(file)} → ${relative(target)}`),
    );
    expect(leaks).toEqual([]);
  });

  it("writes every relative import with the file's own extension", () => {
    const editorFiles = FILES.filter((file) => file.startsWith(EDITOR + path.sep));
    const without = editorFiles.flatMap((file) =>
      specifiersOf(file)
        .filter((specifier) => !/\.(?:tsx?|json|css)$/.test(specifier.replace(/\?.*$/, "")))
        .map((specifier) => `${relative(file)} → ${specifier}`),
    );
    expect(without).toEqual([]);
  });
});
