import { expect, test } from "@playwright/test";
import { extraPort, startInstance } from "../support/app-instances";

/**
 * Attack (on the operator's side): a production start with an embedded default nobody chose. Next logs
 * a failed start-up hook and goes on serving, so the sandbox's free test cards or the unsent outbox
 * would run in production. The process must exit instead, naming the variable to set.
 */
test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

const refusals: { unset: string; env: Record<string, string>; says: string }[] = [
  { unset: "BILLING", env: { BILLING: "" }, says: "or set BILLING=sandbox" },
  { unset: "MAIL", env: { MAIL: "" }, says: "Set SMTP_URL, or set MAIL=outbox" },
  {
    unset: "the billing it was built for",
    env: {
      BILLING: "",
      STRIPE_SECRET_KEY: "sk_test_x1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_x1",
      STRIPE_WEBHOOK_SECRET: "whsec_x1",
    },
    says: "this build was made for sandbox billing",
  },
];

for (const { unset, env, says } of refusals) {
  test(`next start without ${unset} exits with a message instead of serving`, async () => {
    const started = startInstance(extraPort(7), { ...env, DATA_DIR: ".data/e2e-production-start" });
    const error = await started.then(
      async (instance) => {
        await instance.stop();
        return null;
      },
      (refused: Error) => refused,
    );
    expect(error?.message).toContain("exited");
    expect(error?.message).toContain("Happr did not start.");
    expect(error?.message).toContain(says);
  });
}
