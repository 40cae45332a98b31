import { describe, expect, it } from "vitest";
import { parseConfig } from "./config";

describe("parseConfig", () => {
  it("reads the preview secret and Sanity's read token, and refuses previews on Sanity without the token", () => {
    const secret = "preview-secret-0123456789-abc";
    expect(parseConfig({}).previewSecret).toBeUndefined();
    expect(parseConfig({ SANITY_PREVIEW_SECRET: secret }).previewSecret).toBe(secret);
    expect(() => parseConfig({ SANITY_PREVIEW_SECRET: "short" })).toThrow(
      /SANITY_PREVIEW_SECRET must be at least 24 characters/,
    );
    const sanity = { SANITY_PROJECT_ID: "abc123", SANITY_DATASET: "production", SANITY_PREVIEW_SECRET: secret };
    expect(() => parseConfig(sanity)).toThrow(/SANITY_API_READ_TOKEN is missing/);
    expect(parseConfig({ ...sanity, SANITY_API_READ_TOKEN: "sk-read" }).content).toMatchObject({
      kind: "sanity",
      readToken: "sk-read",
    });
  });

  it("uses the embedded defaults when nothing is set", () => {
    const config = parseConfig({});
    expect(config.database).toEqual({ kind: "pglite", dataDir: ".data" });
    expect(config.content).toEqual({ kind: "bundled" });
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.mail.outboxFile).toBeUndefined();
    expect(parseConfig({ OUTBOX_FILE: ".data/outbox.ndjson" }).mail.outboxFile).toBe(".data/outbox.ndjson");
  });

  it("chooses live updates once: Redis when set, else PostgreSQL, else this process", () => {
    const redis = "redis://127.0.0.1:6379";
    const postgres = "postgres://postgres@127.0.0.1:5432/happr";
    expect(parseConfig({}).live).toEqual({ kind: "in-process" });
    expect(parseConfig({ DATABASE_URL: postgres }).live).toEqual({ kind: "postgres", url: postgres });
    expect(parseConfig({ DATABASE_URL: postgres, REDIS_URL: redis }).live).toEqual({
      kind: "redis",
      url: redis,
      keyPrefix: "happr:live:",
    });
    expect(parseConfig({ REDIS_URL: redis, REDIS_KEY_PREFIX: "staging:" }).live).toMatchObject({
      keyPrefix: "staging:live:",
    });
  });

  it("keeps images under DATA_DIR unless S3_BUCKET is set, and refuses object storage half-set by name", () => {
    expect(parseConfig({}).objectStorage).toEqual({ kind: "disk", directory: ".data/objects" });
    expect(parseConfig({ DATA_DIR: "/var/lib/happr/" }).objectStorage).toEqual({
      kind: "disk",
      directory: "/var/lib/happr/objects",
    });
    expect(parseConfig({ S3_BUCKET: "happr-images", S3_REGION: "eu-west-1" }).objectStorage).toEqual({
      kind: "s3",
      bucket: "happr-images",
      region: "eu-west-1",
      forcePathStyle: false,
    });
    expect(
      parseConfig({
        S3_BUCKET: "happr-images",
        S3_REGION: "auto",
        S3_ENDPOINT: "http://127.0.0.1:4569/",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
      }).objectStorage,
    ).toEqual({
      kind: "s3",
      bucket: "happr-images",
      region: "auto",
      endpoint: "http://127.0.0.1:4569",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      forcePathStyle: true,
    });
    expect(
      parseConfig({
        S3_BUCKET: "happr-images",
        S3_REGION: "us-east-1",
        S3_ENDPOINT: "https://s3.example.com",
        S3_FORCE_PATH_STYLE: "false",
      }).objectStorage,
    ).toMatchObject({ forcePathStyle: false });
    expect(() => parseConfig({ S3_REGION: "eu-west-1", S3_ENDPOINT: "https://s3.example.com" })).toThrow(
      /S3_REGION, S3_ENDPOINT is set but S3_BUCKET is missing/,
    );
    expect(() => parseConfig({ S3_BUCKET: "happr-images" })).toThrow(/S3_BUCKET is set but S3_REGION is missing/);
    expect(() => parseConfig({ S3_BUCKET: "happr-images", S3_REGION: "eu-west-1", S3_ACCESS_KEY_ID: "key" })).toThrow(
      /S3_ACCESS_KEY_ID is set but S3_SECRET_ACCESS_KEY is missing/,
    );
    expect(() =>
      parseConfig({ S3_BUCKET: "happr-images", S3_REGION: "eu-west-1", S3_SECRET_ACCESS_KEY: "secret" }),
    ).toThrow(/S3_SECRET_ACCESS_KEY is set but S3_ACCESS_KEY_ID is missing/);
    expect(() => parseConfig({ S3_BUCKET: "Happr_Images", S3_REGION: "eu-west-1" })).toThrow(
      /S3_BUCKET must be a bucket name/,
    );
    expect(() => parseConfig({ S3_BUCKET: "happr-images", S3_REGION: "eu-west-1", S3_ENDPOINT: "ftp://x" })).toThrow(
      /S3_ENDPOINT must be an absolute http\(s\) URL/,
    );
    expect(() =>
      parseConfig({ S3_BUCKET: "happr-images", S3_REGION: "eu-west-1", S3_FORCE_PATH_STYLE: "yes" }),
    ).toThrow(/S3_FORCE_PATH_STYLE must be true or false/);
  });

  it("trusts no proxy hop unless TRUSTED_PROXY_HOPS says how many stand in front", () => {
    expect(parseConfig({}).trustedProxyHops).toBe(0);
    expect(parseConfig({ TRUSTED_PROXY_HOPS: "" }).trustedProxyHops).toBe(0);
    expect(parseConfig({ TRUSTED_PROXY_HOPS: "2" }).trustedProxyHops).toBe(2);
    for (const bad of ["-1", "1.5", "eleven", "11"]) {
      expect(() => parseConfig({ TRUSTED_PROXY_HOPS: bad }), bad).toThrow(
        /TRUSTED_PROXY_HOPS must be a whole number from 0 to 10/,
      );
    }
  });

  it("treats empty strings as unset, as .env files write them", () => {
    const config = parseConfig({ DATABASE_URL: "", SANITY_PROJECT_ID: "  ", SANITY_DATASET: "" });
    expect(config.database.kind).toBe("pglite");
    expect(config.content.kind).toBe("bundled");
  });

  it("selects the production adapters when their variables are set", () => {
    const config = parseConfig({
      DATABASE_URL: "postgres://app@db.internal:5432/happr",
      SANITY_PROJECT_ID: "abc123",
      SANITY_DATASET: "production",
      SITE_URL: "https://happr.app/",
    });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://app@db.internal:5432/happr" });
    expect(config.content).toEqual({
      kind: "sanity",
      projectId: "abc123",
      dataset: "production",
      apiVersion: "2024-03-11",
    });
    expect(config.siteUrl).toBe("https://happr.app");
  });

  it("stops on a half-set Sanity configuration and names the missing variable", () => {
    expect(() => parseConfig({ SANITY_PROJECT_ID: "abc123" })).toThrow(/SANITY_DATASET is missing/);
    expect(() => parseConfig({ SANITY_DATASET: "production" })).toThrow(/SANITY_PROJECT_ID is missing/);
  });

  it("names the variable that is malformed", () => {
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ SITE_URL: "not a url" })).toThrow(/SITE_URL/);
    expect(() => parseConfig({ SANITY_PROJECT_ID: "Bad Id!", SANITY_DATASET: "production" })).toThrow(
      /SANITY_PROJECT_ID/,
    );
    expect(() => parseConfig({ SUPPORT_EMAIL: "nope" })).toThrow(/SUPPORT_EMAIL/);
  });
});

describe("parseConfig: identity", () => {
  const cognito = {
    COGNITO_USER_POOL_ID: "eu-west-1_AbC123xyz",
    COGNITO_REGION: "eu-west-1",
    COGNITO_CLIENT_ID: "4abcdefghijklmnopqrstu1234",
    COGNITO_CLIENT_SECRET: "s3cret",
    COGNITO_DOMAIN: "happr.auth.eu-west-1.amazoncognito.com",
  };

  it("uses the built-in issuer when no Cognito variable is set", () => {
    const config = parseConfig({ SITE_URL: "https://happr.app" });
    expect(config.identity).toEqual({
      kind: "builtin",
      issuer: "https://happr.app/api/oidc",
      mfa: "optional",
      nativeRedirectUris: { ios: ["app.happr.ios:/oauth/callback"], android: ["app.happr.android:/oauth/callback"] },
    });
    expect(config.auth.secret).toBeUndefined();
    expect(parseConfig({ IDENTITY_MFA: "required" }).identity).toMatchObject({ kind: "builtin", mfa: "required" });
    expect(() => parseConfig({ IDENTITY_MFA: "always" })).toThrow(/IDENTITY_MFA/);
  });

  it("takes the native apps' own Cognito app clients for the API, and names the variable when one is malformed", () => {
    expect(parseConfig(cognito).identity).toMatchObject({ kind: "cognito", appClientIds: [] });
    expect(parseConfig({ ...cognito, COGNITO_APP_CLIENT_IDS: "iosclient1,androidclient2" }).identity).toMatchObject({
      appClientIds: ["iosclient1", "androidclient2"],
    });
    expect(() => parseConfig({ ...cognito, COGNITO_APP_CLIENT_IDS: "ios client" })).toThrow(/COGNITO_APP_CLIENT_IDS/);
  });

  it("takes the native apps' redirect URIs: private-use schemes named as reverse domains and https claimed links", () => {
    const config = parseConfig({
      NATIVE_IOS_REDIRECT_URIS: "app.happr.ios:/oauth/callback, https://happr.app/ios/callback",
      NATIVE_ANDROID_REDIRECT_URIS: "com.example.happr:/cb",
    });
    expect(config.identity).toMatchObject({
      nativeRedirectUris: {
        ios: ["app.happr.ios:/oauth/callback", "https://happr.app/ios/callback"],
        android: ["com.example.happr:/cb"],
      },
    });
  });

  it("refuses a native redirect URI that another app or site could answer", () => {
    const refused = [
      [
        "http://happr.app/callback",
        /NATIVE_IOS_REDIRECT_URIS: "http:\/\/happr.app\/callback" must be an https claimed link or use a private-use scheme/,
      ],
      ["http://127.0.0.1:8080/callback", /NATIVE_IOS_REDIRECT_URIS/],
      ["https://localhost/callback", /must not point at this machine/],
      ["happr:/callback", /reverse domain/],
      ["javascript:alert(1)", /reverse domain/],
      ["app.happr.ios:/oauth/callback#x", /fragment/],
      ["app.happr.ios:oauth", /path starting with \//],
      ["not a uri", /not an absolute URI/],
      [" , ", /must list at least one/],
    ] as const;
    for (const [value, message] of refused) {
      expect(() => parseConfig({ NATIVE_IOS_REDIRECT_URIS: value }), value).toThrow(message);
    }
    expect(() =>
      parseConfig({ ...cognito, NATIVE_ANDROID_REDIRECT_URIS: "app.happr.android:/oauth/callback" }),
    ).toThrow(/NATIVE_ANDROID_REDIRECT_URIS is set but Cognito/);
  });

  it("derives the Cognito issuer, hosted domain and default URLs", () => {
    const config = parseConfig({ ...cognito, SITE_URL: "https://happr.app/" });
    expect(config.identity).toEqual({
      kind: "cognito",
      region: "eu-west-1",
      userPoolId: "eu-west-1_AbC123xyz",
      clientId: "4abcdefghijklmnopqrstu1234",
      appClientIds: [],
      clientSecret: "s3cret",
      domain: "https://happr.auth.eu-west-1.amazoncognito.com",
      issuer: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123xyz",
      scopes: "openid email phone profile aws.cognito.signin.user.admin",
      redirectUri: "https://happr.app/api/auth/callback/cognito",
      signOutUri: "https://happr.app/",
    });
  });

  it("defaults the region to us-east-1 and accepts explicit URLs and an https domain", () => {
    const config = parseConfig({
      COGNITO_USER_POOL_ID: "us-east-1_Pool_1",
      COGNITO_CLIENT_ID: "client",
      COGNITO_DOMAIN: "https://auth.happr.app/",
      COGNITO_REDIRECT_URI: "https://happr.app/cb",
      COGNITO_SIGN_OUT_URI: "https://happr.app/bye",
    });
    expect(config.identity).toMatchObject({
      kind: "cognito",
      region: "us-east-1",
      issuer: "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Pool_1",
      domain: "https://auth.happr.app",
      clientSecret: undefined,
      redirectUri: "https://happr.app/cb",
      signOutUri: "https://happr.app/bye",
    });
  });

  it("stops on a malformed or too long pool id", () => {
    const base = { COGNITO_CLIENT_ID: "client", COGNITO_DOMAIN: "auth.happr.app" };
    expect(() => parseConfig({ ...base, COGNITO_USER_POOL_ID: "not-a-pool" })).toThrow(/COGNITO_USER_POOL_ID must be/);
    expect(() => parseConfig({ ...base, COGNITO_USER_POOL_ID: "us-east-1_bad-chars!" })).toThrow(
      /COGNITO_USER_POOL_ID/,
    );
    expect(() => parseConfig({ ...base, COGNITO_USER_POOL_ID: `us-east-1_${"a".repeat(46)}` })).toThrow(/at most 55/);
    expect(() => parseConfig({ ...base, COGNITO_USER_POOL_ID: `us-east-1_${"a".repeat(45)}` })).not.toThrow();
    expect(() => parseConfig({ ...base, COGNITO_USER_POOL_ID: "eu-west-1_abc" })).toThrow(/COGNITO_REGION=eu-west-1/);
  });

  it("stops on a pool id without a client id, and on half-set Cognito settings", () => {
    expect(() => parseConfig({ COGNITO_USER_POOL_ID: "us-east-1_abc", COGNITO_DOMAIN: "auth.happr.app" })).toThrow(
      /COGNITO_CLIENT_ID is missing/,
    );
    expect(() => parseConfig({ COGNITO_CLIENT_ID: "client" })).toThrow(
      /COGNITO_USER_POOL_ID, COGNITO_DOMAIN is missing/,
    );
    expect(() => parseConfig({ COGNITO_CLIENT_SECRET: "s" })).toThrow(/COGNITO_USER_POOL_ID is missing/);
    expect(parseConfig({ COGNITO_USER_POOL_ID: "", COGNITO_CLIENT_ID: "" }).identity.kind).toBe("builtin");
  });

  it("requires AUTH_SECRET in production and at least 32 characters anywhere", () => {
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET is required in production/);
    // The build itself renders public pages only; the secret is checked when the server starts.
    expect(
      parseConfig({
        NODE_ENV: "production",
        NEXT_PHASE: "phase-production-build",
        SITE_URL: "https://happr.app",
        BILLING: "sandbox",
      }).auth.secret,
    ).toBeUndefined();
    expect(() => parseConfig({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET must be at least 32 characters/);
    const secret = "x".repeat(32);
    expect(
      parseConfig({
        NODE_ENV: "production",
        SITE_URL: "https://happr.app",
        AUTH_SECRET: secret,
        BILLING: "sandbox",
        MAIL: "outbox",
      }).auth.secret,
    ).toBe(secret);
  });
});

describe("parseConfig: production never fails open", () => {
  const production = { NODE_ENV: "production", SITE_URL: "https://happr.app", AUTH_SECRET: "x".repeat(32) };
  const stripe = {
    STRIPE_SECRET_KEY: "sk_live_abc123",
    STRIPE_PUBLISHABLE_KEY: "pk_live_abc123",
    STRIPE_WEBHOOK_SECRET: "whsec_abc123",
  };
  const smtp = { SMTP_URL: "smtps://mail.example.com:465" };

  it("refuses to start or build without Stripe unless BILLING=sandbox, naming the variables", () => {
    expect(() => parseConfig({ ...production, ...smtp })).toThrow(
      /no payment provider in production\. Set STRIPE_SECRET_KEY.*or set BILLING=sandbox/,
    );
    expect(() =>
      parseConfig({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build", SITE_URL: "https://happr.app" }),
    ).toThrow(/BILLING=sandbox/);
    expect(parseConfig({ ...production, ...smtp, BILLING: "sandbox" }).billing.kind).toBe("sandbox");
    expect(parseConfig({ ...production, ...smtp, ...stripe }).billing.kind).toBe("stripe");
    // Development and tests keep the sandbox as their default.
    expect(parseConfig({ NODE_ENV: "development" }).billing.kind).toBe("sandbox");
  });

  it("refuses to start without a mail server with the built-in identity provider unless MAIL=outbox", () => {
    expect(() => parseConfig({ ...production, ...stripe })).toThrow(
      /no mail server in production.*Set SMTP_URL, or set MAIL=outbox/,
    );
    expect(parseConfig({ ...production, ...stripe, MAIL: "outbox" }).mail.smtpUrl).toBeUndefined();
    // The build sends no mail; Cognito sends its own codes.
    expect(
      parseConfig({
        NODE_ENV: "production",
        NEXT_PHASE: "phase-production-build",
        SITE_URL: "https://happr.app",
        ...stripe,
      }).billing.kind,
    ).toBe("stripe");
    const cognito = {
      COGNITO_USER_POOL_ID: "us-east-1_abc",
      COGNITO_CLIENT_ID: "client",
      COGNITO_DOMAIN: "auth.happr.app",
    };
    expect(parseConfig({ ...production, ...stripe, ...cognito }).identity.kind).toBe("cognito");
  });

  it("refuses to build or start without SITE_URL; elsewhere the origin follows the port served on", () => {
    const { SITE_URL: _unset, ...noSite } = production;
    expect(() => parseConfig({ ...noSite, ...stripe, ...smtp })).toThrow(/SITE_URL is required in production/);
    expect(() => parseConfig({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build", ...stripe })).toThrow(
      /SITE_URL is required/,
    );
    // `PORT=3100 npm run dev`, or Next taking 3001 because 3000 is busy (it sets PORT to the port it took).
    expect(parseConfig({ NODE_ENV: "development", PORT: "3100" }).siteUrl).toBe("http://localhost:3100");
    expect(parseConfig({ NODE_ENV: "development", PORT: "3100" }).identity).toMatchObject({
      issuer: "http://localhost:3100/api/oidc",
    });
    expect(parseConfig({ NODE_ENV: "development", PORT: "3100", SITE_URL: "http://127.0.0.1:4000" }).siteUrl).toBe(
      "http://127.0.0.1:4000",
    );
    expect(() => parseConfig({ PORT: "99999" })).toThrow(/PORT must be a port number/);
  });

  it("refuses a choice that contradicts the configuration, and values it does not know", () => {
    expect(() => parseConfig({ BILLING: "sandbox", ...stripe })).toThrow(
      /BILLING=sandbox is set with STRIPE_SECRET_KEY/,
    );
    expect(() => parseConfig({ MAIL: "outbox", ...smtp })).toThrow(/MAIL=outbox is set with SMTP_URL/);
    expect(() => parseConfig({ BILLING: "free" })).toThrow(/BILLING must be "sandbox"/);
    expect(() => parseConfig({ MAIL: "console" })).toThrow(/MAIL must be "outbox"/);
  });
});

describe("parseConfig: billing (Stripe)", () => {
  const stripe = {
    STRIPE_SECRET_KEY: "sk_test_abc123",
    STRIPE_PUBLISHABLE_KEY: "pk_test_abc123",
    STRIPE_WEBHOOK_SECRET: "whsec_abc123",
  };

  it("uses the sandbox billing engine when no Stripe variable is set (or all are empty)", () => {
    expect(parseConfig({}).billing).toEqual({ kind: "sandbox" });
    expect(
      parseConfig({ STRIPE_SECRET_KEY: "", STRIPE_PUBLISHABLE_KEY: " ", STRIPE_WEBHOOK_SECRET: "" }).billing,
    ).toEqual({ kind: "sandbox" });
  });

  it("selects Stripe when all three are set", () => {
    expect(parseConfig(stripe).billing).toEqual({
      kind: "stripe",
      secretKey: "sk_test_abc123",
      publishableKey: "pk_test_abc123",
      webhookSecret: "whsec_abc123",
    });
  });

  it("stops on a half-set Stripe configuration, naming what is missing", () => {
    expect(() => parseConfig({ STRIPE_SECRET_KEY: "sk_test_abc123" })).toThrow(
      /STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET is missing/,
    );
    expect(() => parseConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: "" })).toThrow(/STRIPE_WEBHOOK_SECRET is missing/);
  });

  it("names a malformed Stripe variable", () => {
    expect(() => parseConfig({ ...stripe, STRIPE_SECRET_KEY: "pk_test_abc" })).toThrow(/STRIPE_SECRET_KEY must be/);
    expect(() => parseConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: "sk_test_abc" })).toThrow(
      /STRIPE_PUBLISHABLE_KEY must be/,
    );
    expect(() => parseConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(/STRIPE_WEBHOOK_SECRET must be/);
  });

  it("refuses test and live keys mixed", () => {
    expect(() => parseConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: "pk_live_abc123" })).toThrow(/same mode/);
  });

  it("reads how long a sign-in spares the password for account changes: 300 seconds unless set, 0 always asks", () => {
    expect(parseConfig({}).auth.reauthWindowSeconds).toBe(300);
    expect(parseConfig({ REAUTH_WINDOW_SECONDS: "" }).auth.reauthWindowSeconds).toBe(300);
    expect(parseConfig({ REAUTH_WINDOW_SECONDS: "0" }).auth.reauthWindowSeconds).toBe(0);
    expect(() => parseConfig({ REAUTH_WINDOW_SECONDS: "soon" })).toThrow(
      /REAUTH_WINDOW_SECONDS must be a number of seconds/,
    );
    expect(() => parseConfig({ REAUTH_WINDOW_SECONDS: "3600" })).toThrow(
      /REAUTH_WINDOW_SECONDS must be between 0 and 900/,
    );
  });
});

describe("parseConfig: SMS", () => {
  it("keeps texts in the outbox unless SMS=sns", () => {
    expect(parseConfig({}).sms).toEqual({ kind: "outbox" });
    // AWS sets AWS_REGION on its hosts: alone it chooses nothing.
    expect(parseConfig({ AWS_REGION: "eu-west-1" }).sms).toEqual({ kind: "outbox" });
  });

  it("selects Amazon SNS with its region, endpoint, sender id and origination number", () => {
    expect(parseConfig({ SMS: "sns", AWS_REGION: "eu-west-1" }).sms).toEqual({ kind: "sns", region: "eu-west-1" });
    expect(
      parseConfig({
        SMS: "sns",
        AWS_REGION: "us-east-1",
        AWS_ENDPOINT_URL_SNS: "http://127.0.0.1:4566",
        SNS_SENDER_ID: "Happr",
        SNS_ORIGINATION_NUMBER: "+14155550100",
      }).sms,
    ).toEqual({
      kind: "sns",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:4566",
      senderId: "Happr",
      originationNumber: "+14155550100",
    });
  });

  it("names the variable that is missing, malformed or set without SMS=sns", () => {
    expect(() => parseConfig({ SMS: "sns" })).toThrow(/SMS=sns needs AWS_REGION/);
    expect(() => parseConfig({ SMS: "twilio" })).toThrow(/SMS must be "sns"/);
    expect(() => parseConfig({ SMS: "sns", AWS_REGION: "Europe" })).toThrow(/AWS_REGION must be an AWS region/);
    for (const senderId of ["Happr-App", "HapprAppTexts", "12345", "Ha ppr"]) {
      expect(() => parseConfig({ SMS: "sns", AWS_REGION: "us-east-1", SNS_SENDER_ID: senderId })).toThrow(
        /SNS_SENDER_ID must be 1 to 11 letters or digits/,
      );
    }
    expect(parseConfig({ SMS: "sns", AWS_REGION: "us-east-1", SNS_SENDER_ID: "H4ppr" }).sms).toMatchObject({
      senderId: "H4ppr",
    });
    expect(() => parseConfig({ SMS: "sns", AWS_REGION: "us-east-1", SNS_ORIGINATION_NUMBER: "0415550100" })).toThrow(
      /SNS_ORIGINATION_NUMBER must be an E\.164 number/,
    );
    expect(() => parseConfig({ SMS: "sns", AWS_REGION: "us-east-1", AWS_ENDPOINT_URL_SNS: "localhost" })).toThrow(
      /AWS_ENDPOINT_URL_SNS must be an absolute URL/,
    );
    expect(() => parseConfig({ SNS_SENDER_ID: "Happr" })).toThrow(/SNS_SENDER_ID is set but SMS is not "sns"/);
  });
});
