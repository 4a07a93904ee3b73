// @aws-lite/dynamodb ships no typings: the client takes it as a plugin object.
declare module '@aws-lite/dynamodb' {
  const plugin: { readonly name: string; readonly service: string; readonly methods: object };
  export default plugin;
}

// aws4 (aws-lite's SigV4 signer, used directly for S3: clients/s3.ts) ships no typings either.
declare module 'aws4' {
  namespace aws4 {
    interface Credentials {
      readonly accessKeyId: string;
      readonly secretAccessKey: string;
      readonly sessionToken?: string;
    }
    interface Request {
      service: string;
      region: string;
      method: string;
      host: string;
      port?: number;
      /** Path and query; signed, it carries the signature too when `signQuery`. */
      path: string;
      headers: Record<string, string | number>;
      body?: Buffer | string;
      /** Presign: the signature goes in the query instead of an Authorization header. */
      signQuery?: boolean;
    }
  }
  const aws4: {
    /** Signs in place (headers or query) and returns the request. */
    sign<R extends aws4.Request>(request: R, credentials: aws4.Credentials): R;
  };
  export default aws4;
}
