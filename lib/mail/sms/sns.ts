import "server-only";
import { PublishCommand, SNSClient, type MessageAttributeValue } from "@aws-sdk/client-sns";
import type { SmsSender } from "./sender";

export type SnsSettings = { region: string; endpoint?: string; senderId?: string; originationNumber?: string };

/**
 * Texts through Amazon SNS: Publish straight to the phone number, as a transactional message (codes
 * and invitations, delivered ahead of marketing and where promotional texts are barred). Credentials
 * come from the SDK's own chain (environment, profile, instance or task role).
 */
export function snsSender(settings: SnsSettings): SmsSender {
  const client = new SNSClient({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    // A send must end well within the deliverer's 2-minute lease, or another instance could send it again.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 15_000 },
  });
  const attributes: Record<string, MessageAttributeValue> = {
    "AWS.SNS.SMS.SMSType": { DataType: "String", StringValue: "Transactional" },
  };
  if (settings.senderId) attributes["AWS.SNS.SMS.SenderID"] = { DataType: "String", StringValue: settings.senderId };
  if (settings.originationNumber)
    attributes["AWS.MM.SMS.OriginationNumber"] = { DataType: "String", StringValue: settings.originationNumber };
  return {
    async send({ to, body }) {
      const result = await client.send(
        new PublishCommand({ PhoneNumber: to, Message: body, MessageAttributes: attributes }),
      );
      return { messageId: result.MessageId };
    },
  };
}
