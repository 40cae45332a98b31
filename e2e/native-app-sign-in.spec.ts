import { expect, test, type BrowserContext } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { signUp, uniqueEmail } from "./support/members";

/**
 * The iOS app, seen from outside: a standard OAuth client library (oauth4webapi) does what AppAuth
 * does on a phone. It discovers the built-in issuer, builds the authorization URL with PKCE S256,
 * state and nonce, and opens it in a browser of its own (a fresh Chromium context standing for
 * ASWebAuthenticationSession); the member signs in on the site's sign-in page; the redirect to the
 * app's scheme is caught; the code is exchanged without a client secret; /graphql answers with the
 * access token; the refresh token rotates, and a replay of the old one ends the family; "Sign out
 * everywhere" on the website ends the app's tokens.
 */
const client: oauth.Client = { client_id: "happr-ios", require_auth_time: true };
const redirectUri = "app.happr.ios:/oauth/callback";
const insecure = { [oauth.allowInsecureRequests]: true }; // the test server is http://localhost

async function discover(baseURL: string) {
  const issuer = new URL(`${baseURL}/api/oidc`);
  return oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { ...insecure, algorithm: "oidc" }),
  );
}

/** The app's whole sign-in: authorization URL, the member at the sign-in page, the caught redirect, the code exchange. */
async function signInWithApp(as: oauth.AuthorizationServer, browser: BrowserContext, email: string, password: string) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const authorizationUrl = new URL(as.authorization_endpoint!);
  authorizationUrl.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid email profile phone offline_access",
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
  }).toString();

  // The phone hands a redirect to app.happr.ios: back to the app; here it is caught on its way out.
  let callback: URL | undefined;
  await browser.route(
    (url) => url.pathname.startsWith("/api/oidc/auth/"),
    async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const location = response.headers()["location"] ?? "";
      if (!location.startsWith(`${redirectUri}?`)) return route.fulfill({ response });
      callback = new URL(location);
      await route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>Back to the app</title><p>Back to the app</p>",
      });
    },
  );
  const page = await browser.newPage();
  await page.goto(authorizationUrl.href);
  // The site's own sign-in page, as on the web: the app never sees the password.
  await expect(page).toHaveURL(/\/auth\/sign-in\?interaction=/);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Back to the app")).toBeVisible({ timeout: 15_000 });
  await page.close();
  await browser.unrouteAll();
  expect(callback, "the issuer sent the browser to the app's scheme").toBeDefined();

  const parameters = oauth.validateAuthResponse(as, client, callback!, state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    parameters,
    redirectUri,
    verifier,
    insecure,
  );
  return oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce, requireIdToken: true });
}

async function getUserProfile(baseURL: string, accessToken: string) {
  const response = await fetch(`${baseURL}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
    // As the apps' GraphQL clients (Apollo) send it: __typename in every selection.
    body: JSON.stringify({
      query: "query { getUserProfile { __typename statusCode message user { __typename firstName lastName } } }",
    }),
  });
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      data: {
        getUserProfile: { statusCode: number; user: { firstName: string | null; lastName: string | null } | null };
      };
    }
  ).data.getUserProfile;
}

async function refresh(as: oauth.AuthorizationServer, refreshToken: string) {
  const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, insecure);
  return oauth.processRefreshTokenResponse(as, client, response);
}

/** The OAuth error a refused refresh answers (oauth4webapi throws it). */
async function refusedRefresh(as: oauth.AuthorizationServer, refreshToken: string) {
  const error = await refresh(as, refreshToken).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(oauth.ResponseBodyError);
  return { status: (error as oauth.ResponseBodyError).status, error: (error as oauth.ResponseBodyError).error };
}

test("the iOS app signs in with PKCE through the site's pages, uses /graphql, rotates its refresh token and is signed out everywhere", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { email, password } = await signUp(page, {
    email: uniqueEmail("ios-app"),
    firstName: "Grace",
    lastName: "Hopper",
  });
  const as = await discover(baseURL!);
  expect(as.code_challenge_methods_supported).toEqual(["S256"]);
  expect(as.revocation_endpoint).toBe(`${baseURL}/api/oidc/token/revocation`);

  // The app's browser is its own (no cookies of the website's session).
  const appBrowser = await browser.newContext();
  try {
    const tokens = await signInWithApp(as, appBrowser, email, password);
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.expires_in).toBe(900);
    expect(oauth.getValidatedIdTokenClaims(tokens)).toMatchObject({ email, aud: "happr-ios" });
    expect(await getUserProfile(baseURL!, tokens.access_token)).toMatchObject({
      statusCode: 200,
      user: { firstName: "Grace", lastName: "Hopper" },
    });

    // Refresh: a new access token and a new refresh token; the old access token is still good until it expires.
    const refreshed = await refresh(as, tokens.refresh_token!);
    expect(refreshed.refresh_token).toEqual(expect.any(String));
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(await getUserProfile(baseURL!, refreshed.access_token)).toMatchObject({
      statusCode: 200,
      user: { firstName: "Grace" },
    });

    // The old refresh token replayed (a stolen copy): refused, and the whole family with it.
    expect(await refusedRefresh(as, tokens.refresh_token!)).toEqual({ status: 400, error: "invalid_grant" });
    expect(await refusedRefresh(as, refreshed.refresh_token!)).toEqual({ status: 400, error: "invalid_grant" });
    expect(await getUserProfile(baseURL!, refreshed.access_token)).toMatchObject({ statusCode: 401, user: null });

    // The app signs in again (the password again: the apps get no silent sign-in) ...
    const again = await signInWithApp(as, appBrowser, email, password);
    expect(await getUserProfile(baseURL!, again.access_token)).toMatchObject({
      statusCode: 200,
      user: { firstName: "Grace" },
    });

    // ... and the member presses "Sign out everywhere" on the website: the app's tokens are over.
    await page.goto("/my-account");
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await getUserProfile(baseURL!, again.access_token)).toMatchObject({ statusCode: 401, user: null });
    expect(await refusedRefresh(as, again.refresh_token!)).toEqual({ status: 400, error: "invalid_grant" });
  } finally {
    await appBrowser.close();
  }
});
