/**
 * The iOS and Android apps as clients of the built-in issuer (RFC 8252, OAuth 2.0 for native apps):
 * public clients (no secret), authorization code with PKCE S256 only. Their redirect URIs come from
 * lib/config.ts (NATIVE_IOS_REDIRECT_URIS, NATIVE_ANDROID_REDIRECT_URIS). docs/native-apps.md tells
 * app developers the same facts.
 */
export const NATIVE_APP_CLIENT_IDS = { ios: "happr-ios", android: "happr-android" } as const;

export type NativeAppClient = { clientId: string; redirectUris: string[] };

/** The apps' clients for the configured redirect URIs. */
export function nativeAppClients(redirectUris: {
  ios: readonly string[];
  android: readonly string[];
}): NativeAppClient[] {
  return [
    { clientId: NATIVE_APP_CLIENT_IDS.ios, redirectUris: [...redirectUris.ios] },
    { clientId: NATIVE_APP_CLIENT_IDS.android, redirectUris: [...redirectUris.android] },
  ];
}

export const NATIVE_TOKEN_LIFETIMES = {
  /** An access token is a bearer credential on a phone: a stolen one is good for minutes only. */
  accessTokenSeconds: 15 * 60,
  /** A refresh token not used for this long expires (each use replaces it with a new one). */
  refreshTokenIdleSeconds: 30 * 24 * 60 * 60,
  /** An app's sign-in (its grant, the family of its refresh tokens) ends this long after it began. */
  signInSeconds: 90 * 24 * 60 * 60,
} as const;
