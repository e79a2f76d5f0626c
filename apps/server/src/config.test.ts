import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, env: 'development', paymentGateway: 'sandbox', databaseUrl: undefined, publicUrl: 'http://localhost:3000' });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('lists every bad value at once', () => {
    const bad = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PAYMENT_GATEWAY: 'paypal', PUBLIC_URL: 'not a url' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      const text = (err as Error).message;
      for (const key of ['PORT', 'DATABASE_URL', 'PAYMENT_GATEWAY', 'PUBLIC_URL']) expect(text).toContain(`- ${key}:`);
    }
  });

  it('refuses the sandbox gateway in production and stripe without a key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_GATEWAY: sandbox is refused in production/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('needs a publishable key for the browser in stripe mode, and hands none out in sandbox mode', () => {
    const stripe = { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_copydesk' };
    expect(() => loadConfig(stripe)).toThrow(/- STRIPE_PUBLISHABLE_KEY: required when PAYMENT_GATEWAY=stripe/);
    expect(() => loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: '' })).toThrow(/STRIPE_PUBLISHABLE_KEY: required/);
    expect(() => loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'sk_test_copydesk' })).toThrow(/STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/);
    expect(() => loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_live_copydesk' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: is a live key but STRIPE_SECRET_KEY is a test key/,
    );
    expect(loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_test_copydesk' })).toMatchObject({
      paymentGateway: 'stripe',
      stripePublishableKey: 'pk_test_copydesk',
    });
    expect(loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_copydesk' }).stripePublishableKey).toBeNull();
  });

  it('keeps files on disk by default, under FILE_STORAGE_DIR or DATA_DIR/files, ignoring S3_*', () => {
    const byDefault = loadConfig({ DATA_DIR: '/srv/copydesk', S3_BUCKET: 'copydesk' });
    expect(byDefault.fileStorage).toEqual({ kind: 'disk', dir: path.resolve('/srv/copydesk/files') });
    expect(byDefault.fileStorageDir).toBe(path.resolve('/srv/copydesk/files'));
    const dir = loadConfig({ FILE_STORAGE: 'disk', FILE_STORAGE_DIR: '/mnt/shared/files' });
    expect(dir.fileStorage).toEqual({ kind: 'disk', dir: path.resolve('/mnt/shared/files') });
    expect(dir.fileStorageDir).toBe(path.resolve('/mnt/shared/files'));
  });

  it('needs a bucket and both keys with FILE_STORAGE=s3, and lists each one missing', () => {
    try {
      loadConfig({ FILE_STORAGE: 's3', S3_ACCESS_KEY_ID: '' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as Error).message;
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) expect(text).toContain(`- ${key}: required when FILE_STORAGE=s3`);
    }
    expect(() => loadConfig({ FILE_STORAGE: 'ftp' })).toThrow(/- FILE_STORAGE:/);
  });

  it('refuses a malformed S3 endpoint, bucket or prefix', () => {
    const s3 = { FILE_STORAGE: 's3', S3_BUCKET: 'copydesk', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/- S3_ENDPOINT:/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://minio:9000' })).toThrow(/- S3_ENDPOINT:/);
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'my bucket' })).toThrow(/- S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ ...s3, S3_PREFIX: 'a b' })).toThrow(/- S3_PREFIX: may only contain/);
  });

  it('exposes the S3 settings, with us-east-1 and no prefix by default', () => {
    const s3 = { FILE_STORAGE: 's3', S3_BUCKET: 'copydesk', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(s3).fileStorage).toEqual({
      kind: 's3',
      endpoint: undefined,
      bucket: 'copydesk',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      prefix: '',
    });
    const minio = loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-1', S3_PREFIX: '/copydesk/prod' });
    expect(minio.fileStorage).toMatchObject({ kind: 's3', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1', prefix: 'copydesk/prod/' });
    for (const prefix of ['files', 'files/', '/files/']) expect(loadConfig({ ...s3, S3_PREFIX: prefix }).fileStorage).toMatchObject({ prefix: 'files/' });
    expect(loadConfig({ ...s3, S3_REGION: '', S3_PREFIX: '/' }).fileStorage).toMatchObject({ region: 'us-east-1', prefix: '' });
  });
});
