import { startTestSnsServer } from "../../lib/mail/sms/test-sns-server";

/**
 * Amazon SNS on loopback for the journeys' server (playwright.config.ts starts it beside `next start`):
 * the production build runs with SMS=sns, so the phone journeys exercise the SNS adapter end to end
 * while they read the codes from OUTBOX_FILE. Without SMS=sns production does not offer those
 * features at all (lib/mail/sms/texts-unavailable.db.test.ts proves that case).
 */
void startTestSnsServer(Number(process.argv[2])).then((sns) => {
  console.log(`SNS stand-in on ${sns.url}`);
  const stop = () => void sns.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
});
