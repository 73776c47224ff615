// s3rver (a local S3-compatible server, for the S3 media store's tests) ships no typings: what the tests use.
declare module 's3rver' {
  interface S3rverOptions {
    readonly port?: number;
    readonly address?: string;
    readonly silent?: boolean;
    readonly directory: string;
  }
  // eslint-disable-next-line import-x/no-default-export -- the package's own export is its default
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ readonly address: string; readonly port: number }>;
    close(): Promise<void>;
  }
}
