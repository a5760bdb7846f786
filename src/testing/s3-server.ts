import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3Server {
  /** The variables that point the app at this server's bucket. */
  env: Record<string, string>;
  close: () => Promise<void>;
}

/** An S3-compatible server (s3rver) on a loopback port, with one empty bucket, files in a temp folder. */
export async function startS3Server(bucket = 'planner-media'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'planner-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  return {
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
