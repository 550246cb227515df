import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from '../../src/paths.js';

type Journal = { entries: { idx: number; tag: string }[] };

/** The migrations folder as it was before `tag`: a database that has run everything until then. */
export async function folderBefore(tag: string) {
  const dir = await mkdtemp(join(tmpdir(), 'addesk-migrations-'));
  await mkdir(join(dir, 'meta'));
  const journal: Journal = JSON.parse(await readFile(join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag: earlier } of journal.entries) {
    await copyFile(join(migrationsFolder, `${earlier}.sql`), join(dir, `${earlier}.sql`));
  }
  return dir;
}
