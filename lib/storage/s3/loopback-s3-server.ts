import { createHash, createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * A real S3-compatible server on loopback for tests and local journeys: s3rver (an npm package that
 * answers the S3 REST API, SigV4 and presigned URLs included, storing into a folder), on a free port,
 * with one bucket, in a temporary folder removed by `stop()`. Its access key and secret are s3rver's own
 * fixed ones: nothing it holds is real.
 */
export type LoopbackS3 = {
  endpoint: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Where s3rver keeps the bucket's objects (tests scan it for what was stored). */
  directory: string;
  /** The S3_* variables that point the app at this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

export async function startLoopbackS3(options: { bucket?: string } = {}): Promise<LoopbackS3> {
  const bucket = options.bucket ?? "happr-test";
  const directory = await mkdtemp(path.join(tmpdir(), "happr-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    endpoint,
    bucket,
    region: "us-east-1",
    credentials,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/**
 * Whether a presigned GET URL's SigV4 signature is right for exactly this URL (method, path, query,
 * host), as AWS S3 checks it. s3rver checks a presigned URL's expiry but not its V4 signature, so the
 * tests check the signature here: a URL whose key was swapped for another must fail.
 */
export function presignedSignatureIsValid(
  url: string,
  credentials: { accessKeyId: string; secretAccessKey: string },
): boolean {
  const parsed = new URL(url);
  const query = [...parsed.searchParams.entries()];
  const provided = parsed.searchParams.get("X-Amz-Signature");
  const amzDate = parsed.searchParams.get("X-Amz-Date");
  const credential = parsed.searchParams.get("X-Amz-Credential");
  if (!provided || !amzDate || !credential || parsed.searchParams.get("X-Amz-SignedHeaders") !== "host") return false;
  const [accessKeyId, date, region, service, terminator] = credential.split("/");
  if (accessKeyId !== credentials.accessKeyId || terminator !== "aws4_request" || !date || !region || !service) {
    return false;
  }
  const canonicalQuery = query
    .filter(([name]) => name !== "X-Amz-Signature")
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalRequest = [
    "GET",
    parsed.pathname,
    canonicalQuery,
    `host:${parsed.host}\n`,
    "host",
    "UNSIGNED-PAYLOAD",
  ].join("\n");
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [
    "AWS4-HMAC-SHA256",
    amzDate,
    scope,
    createHash("sha256").update(canonicalRequest).digest("hex"),
  ].join("\n");
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), region), service),
    "aws4_request",
  );
  return hmac(signingKey, stringToSign).toString("hex") === provided;
}
