-- The built-in issuer's bearer credentials (access and refresh tokens, codes) were stored under their
-- own value, which was also in the payload (jti): a copied row was a working token. They are now kept
-- under the SHA-256 of the value, in hex, with no jti (lib/identity/builtin/issuer/adapter.ts,
-- HASHED_MODELS): hash the rows written before, so no clear token stays at rest. Tokens already handed
-- out keep working: the adapter hashes what it is given before it looks.
UPDATE "identity_oidc_models"
SET "id" = encode(sha256(convert_to("id", 'UTF8')), 'hex'), "payload" = "payload" - 'jti'
WHERE "model" IN ('AccessToken', 'AuthorizationCode', 'RefreshToken', 'ClientCredentials',
  'BackchannelAuthenticationRequest', 'PushedAuthorizationRequest');
