import type { S3Client } from '@aws-sdk/client-s3';
// Types only: storage.ts picks this back end, so no import cycle.
import type { StorageBackend, StorageConfig } from './storage.js';

export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>;

type Sdk = typeof import('@aws-sdk/client-s3');

/**
 * FILE_STORAGE=s3: objects in an S3-compatible bucket (AWS, MinIO, R2, s3rver in tests) under
 * S3_PREFIX + key, so every instance behind a load balancer sees the same files.
 */
export function createS3Backend(config: S3StorageConfig): StorageBackend {
  // The SDK loads with the first file, not at start-up.
  let connecting: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (connecting ??= import('@aws-sdk/client-s3').then(
      (sdk) => ({
        sdk,
        client: new sdk.S3Client({
          region: config.region,
          credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
          // MinIO-style servers address buckets by path, not by a bucket.host name.
          ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
        }),
      }),
      (err: unknown) => {
        connecting = undefined;
        throw err;
      },
    ));
  const target = (key: string) => ({ Bucket: config.bucket, Key: config.prefix + key });

  return {
    async write(key, data) {
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ ...target(key), Body: data, ContentLength: data.length }));
    },
    async read(key) {
      const { sdk, client } = await connect();
      try {
        const res = await client.send(new sdk.GetObjectCommand(target(key)));
        if (!res.Body) return null;
        const bytes = await res.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (err) {
        if (err instanceof sdk.NoSuchKey || (err as Error).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(key) {
      const { sdk, client } = await connect();
      // S3 answers 204 for a key that is not there, so a repeated delete is harmless.
      await client.send(new sdk.DeleteObjectCommand(target(key)));
    },
    async exists(key) {
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadObjectCommand(target(key)));
        return true;
      } catch (err) {
        if (err instanceof sdk.NotFound || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
        throw err;
      }
    },
  };
}
