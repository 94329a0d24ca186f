// A copy of the seed dataset (content/dataset.ndjson) that a test file's content source reads:
// it points the configuration at the copy (the configuration is read once, on first use, so call
// this before the modules under test load) and lets the test edit documents, as staff publishing
// in Studio would, to show that content changes take effect with no code change.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { forgetConfig } from '~/utils/env.server';

type Document = Record<string, unknown> & { _id: string };

const contentDir = fileURLToPath(new URL('../../content/', import.meta.url));

export interface SeedDatasetCopy {
  datasetPath: string;
  /** Changes one document of the copy in place; throws when the id is not in it. */
  editDocument(id: string, edit: (document: Document) => void): void;
  /** Adds documents to the copy, as staff creating them in Studio would. */
  addDocuments(documents: Document[]): void;
  /** Deletes the copy and gives the environment back its values. */
  remove(): void;
}

export function useSeedDatasetCopy(): SeedDatasetCopy {
  const saved = {
    CONTENT_DATASET_PATH: process.env.CONTENT_DATASET_PATH,
    SANITY_PROJECT_ID: process.env.SANITY_PROJECT_ID,
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'seed-dataset-'));
  const datasetPath = path.join(dir, 'dataset.ndjson');
  writeFileSync(datasetPath, readFileSync(path.join(contentDir, 'dataset.ndjson')));
  // The dataset's images are found beside it, as in content/.
  symlinkSync(path.join(contentDir, 'images'), path.join(dir, 'images'));
  process.env.CONTENT_DATASET_PATH = datasetPath;
  delete process.env.SANITY_PROJECT_ID;
  // A worker shared by many test files may have read the configuration already.
  forgetConfig();

  const read = () =>
    readFileSync(datasetPath, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Document);
  const write = (documents: Document[]) =>
    writeFileSync(datasetPath, documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n');

  return {
    datasetPath,
    editDocument(id, edit) {
      const documents = read();
      const document = documents.find((candidate) => candidate._id === id);
      if (!document) throw new Error(`${id} is not in the dataset`);
      edit(document);
      write(documents);
    },
    addDocuments(added) {
      write([...read(), ...added]);
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      forgetConfig();
    },
  };
}

/**
 * A promo code document as staff make it in Studio: 20 % off from 2026 to 2030, 100 uses, unless
 * `fields` says otherwise.
 */
export function promoCodeDocument(code: string, fields: Record<string, unknown> = {}): Document {
  return {
    _id: `promoCode.${code}`,
    _type: 'promoCode',
    code,
    discountType: 'percentage',
    percentage: 20,
    validFrom: '2026-01-01',
    validUntil: '2030-12-31',
    maxUses: 100,
    ...fields,
  };
}
