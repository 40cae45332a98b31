// The email/SMS port: queue inside the business transaction, deliver after commit.
export {
  sendEmail,
  sendSms,
  readOutbox,
  OUTBOX_PRIORITY,
  forgetMessagesOf,
  emailMessageSchema,
  smsMessageSchema,
  type EmailMessage,
  type SmsMessage,
  type Executor,
} from "./outbox";
export { deliverPending, MAX_ATTEMPTS, type DeliveryReport } from "./deliver";
export { canSendAppTexts, type SmsSender } from "./sms";
