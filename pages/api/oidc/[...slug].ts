import type { NextApiRequest, NextApiResponse } from "next";
import { getIssuer, handleIssuerRequest, ISSUER_MOUNT_PATH } from "@/lib/identity/builtin/issuer";

// The built-in OIDC issuer (oidc-provider) needs Node's own request and response, unparsed.
export const config = { api: { bodyParser: false, externalResolver: true } };

export default async function issuer(req: NextApiRequest, res: NextApiResponse) {
  let provider;
  try {
    provider = await getIssuer();
  } catch {
    res.status(404).json({ error: "not_found", error_description: "The built-in identity provider is not enabled" });
    return;
  }
  await handleIssuerRequest(provider, ISSUER_MOUNT_PATH, req, res);
}
