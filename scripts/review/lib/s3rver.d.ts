/** The part of s3rver (a real S3 protocol server on a folder) the harness uses; it ships no types. */
declare module "s3rver" {
  import type { Server } from "node:http";
  import type { AddressInfo } from "node:net";

  type S3rverOptions = {
    address?: string;
    port?: number;
    /** Where buckets and objects are kept, as files. */
    directory?: string;
    silent?: boolean;
    configureBuckets?: Array<{ name: string }>;
  };

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Set once running. */
    httpServer?: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
