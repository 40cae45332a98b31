/** What the deliverer needs of an SMS provider: send one text, throw when it was not accepted. */
export interface SmsSender {
  send(message: { to: string; body: string }): Promise<{ messageId?: string }>;
}
