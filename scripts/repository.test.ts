import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The repository's own rules, kept by a test (docs/conventions.md#comments): it stands alone, so
 * what its code and docs cite is one of its own files, and every anchor cited exists.
 */

/** Every tracked text file of the repository, from its root. */
const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !/\.(png|ico|woff2?|jpg|webp)$/.test(file) && existsSync(file));
const textOf = (file: string) => readFileSync(file, 'utf8');

/** The anchors of a Markdown file: explicit `<a id>` ones and GitHub's heading slugs. */
function anchorsOf(doc: string): Set<string> {
  const text = textOf(doc);
  const explicit = [...text.matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((match) => match[1]);
  const headings = [...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) =>
    (match[1] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-'),
  );
  return new Set([...explicit, ...headings].filter((anchor) => anchor !== undefined));
}

describe('the repository stands alone', () => {
  it('cites none of the shared spec, design and style documents, which are not in it', () => {
    // Their names are spelt in lower case here, so that this file names none of them itself.
    const [spec, design, style] = ['spec', 'design', 'style'].map((name) => name.toUpperCase());
    const outside = new RegExp(
      `${spec} §|${design} §|\\b${style}\\b|\\.\\./shared/(${spec}|${design}|${style})`,
    );
    const found = tracked.flatMap((file) =>
      textOf(file)
        .split('\n')
        .flatMap((line, index) => (outside.test(line) ? [`${file}:${index + 1}: ${line}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it("cites each doc's anchors as they are: docs/<file>.md#anchor names a file and an anchor in it", () => {
    // `docs/product.md#states, #validation`: the anchors after the first are the same file's.
    const citation = /docs\/([a-z0-9-]+\.md)#([a-z0-9-]+)((?:,? (?:and )?#[a-z0-9-]+)*)/g;
    const anchors = new Map<string, Set<string>>();
    const broken: string[] = [];
    for (const file of tracked) {
      for (const match of textOf(file).matchAll(citation)) {
        const doc = `docs/${match[1]}`;
        const named = [
          match[2],
          ...[...(match[3] ?? '').matchAll(/#([a-z0-9-]+)/g)].map((m) => m[1]),
        ];
        if (!existsSync(doc)) {
          broken.push(`${file}: ${match[0]} (no such file)`);
          continue;
        }
        if (!anchors.has(doc)) anchors.set(doc, anchorsOf(doc));
        for (const anchor of named)
          if (anchor && !anchors.get(doc)?.has(anchor)) broken.push(`${file}: ${doc}#${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('has no product file over 400 lines without a reason written at its top', () => {
    // A room with many jobs is split by job (docs/conventions.md#server-modules, #web-features);
    // the few that stay long say why in their first lines ("Over 400 lines: …").
    const product = /^(apps|packages)\/[^/]+\/src\/.*\.(ts|tsx|mjs|css|sql)$/;
    const long = tracked
      .filter((file) => product.test(file) && !/\.test\.tsx?$|\/test\//.test(file))
      .filter((file) => textOf(file).split('\n').length > 401)
      .filter((file) => !/over 400 lines/i.test(textOf(file).split('\n').slice(0, 12).join('\n')));
    expect(long).toEqual([]);
  });

  it('has the docs the code cites for its rules and decisions, linked from the README', () => {
    const readme = textOf('README.md');
    for (const doc of ['docs/product.md', 'docs/decisions.md', 'docs/conventions.md']) {
      expect(existsSync(doc)).toBe(true);
      expect(readme).toContain(`(${doc})`);
    }
  });
});
