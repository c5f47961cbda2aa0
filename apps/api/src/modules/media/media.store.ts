import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { MediaStoreConfig } from '../../config.ts';

/**
 * Where image bytes live: the uploaded originals and every variant made from them. Names are
 * relative paths of `[a-z0-9./-]` chosen by the media service (`originals/<key>.png`,
 * `variants/<key>/640.avif`); what is stored under a name never changes (names come from content
 * hashes), so a write may be repeated by any instance and a read may be cached for ever.
 */
export interface MediaStore {
  readonly kind: 'fs' | 's3';
  /** The bytes stored under `name`, or undefined when there are none. */
  get(name: string): Promise<Buffer | undefined>;
  /** Stores `body` under `name` (replacing what was there: the same bytes). */
  put(name: string, body: Buffer, contentType: string): Promise<void>;
}

const NAME = /^[a-z0-9]+(?:[./-][a-z0-9]+)*$/;

function checkName(name: string): string {
  if (!NAME.test(name) || name.includes('..')) throw new Error(`media store: bad name "${name}"`);
  return name;
}

export function createMediaStore(config: MediaStoreConfig): MediaStore {
  return config.kind === 'fs' ? createFsMediaStore(config.dir) : createS3MediaStore(config);
}

/**
 * Files under one folder (DATA_DIR/media by default). A write goes to a temporary file renamed into
 * place, so a reader never sees half a file, and two instances writing the same name both succeed.
 */
export function createFsMediaStore(dir: string): MediaStore {
  const root = path.resolve(dir);
  const fileOf = (name: string) => path.join(root, ...checkName(name).split('/'));
  return {
    kind: 'fs',
    async get(name) {
      try {
        return await readFile(fileOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async put(name, body) {
      const file = fileOf(name);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, body);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
  };
}

type S3Config = Extract<MediaStoreConfig, { kind: 's3' }>;

/** How long one request to the bucket may take. */
const S3_TIMEOUT_MS = 15_000;

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, ...), spoken to over HTTP
 * with Signature V4 (aws4fetch). Objects are written with their content type and a SHA-256 of the
 * body the service verifies. A missing object is a 404 (the credentials need `s3:ListBucket` for
 * AWS to say 404 rather than 403; any other failure is an error).
 */
export function createS3MediaStore(config: S3Config): MediaStore {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
  });
  const endpoint = new URL(config.endpoint);
  const urlOf = (name: string): string => {
    const object = checkName(name);
    if (config.forcePathStyle)
      return `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${config.bucket}/${object}`;
    return `${endpoint.protocol}//${config.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}/${object}`;
  };
  const send = async (url: string, init: RequestInit): Promise<Response> =>
    client.fetch(url, { ...init, signal: AbortSignal.timeout(S3_TIMEOUT_MS) });

  return {
    kind: 's3',
    async get(name) {
      const response = await send(urlOf(name), { method: 'GET' });
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`media store: GET ${name} answered ${response.status}`);
      }
      return Buffer.from(await response.arrayBuffer());
    },
    async put(name, body, contentType) {
      const response = await send(urlOf(name), {
        method: 'PUT',
        body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
        headers: {
          'content-type': contentType,
          'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
        },
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`media store: PUT ${name} answered ${response.status}`);
    },
  };
}
