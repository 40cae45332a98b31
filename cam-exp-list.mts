import { startLoopbackS3 } from "./lib/storage/s3/loopback-s3-server";
import { S3Client, PutObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
const s = await startLoopbackS3();
const c = new S3Client({ region: "us-east-1", endpoint: s.endpoint, forcePathStyle: true, credentials: s.credentials });
for (let i = 0; i < 1005; i += 50) await Promise.all(Array.from({ length: 50 }, (_, j) => c.send(new PutObjectCommand({ Bucket: s.bucket, Key: `many/x/${i + j}`, Body: "x" }))));
try { const r = await c.send(new ListObjectsV2Command({ Bucket: s.bucket, Prefix: "many/x/" })); console.log(r.KeyCount, r.IsTruncated); } catch (e) { console.log(e); }
await s.stop();
