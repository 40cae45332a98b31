import http from "node:http";
import type { AddressInfo } from "node:net";

/** One Publish as SNS received it: the phone number, the text and the message attributes by name. */
export type ReceivedText = {
  phoneNumber: string;
  message: string;
  attributes: Record<string, string>;
  authorization: string;
};

/**
 * A stand-in for Amazon SNS on loopback for tests: it answers the Query protocol's Publish (a form
 * body) with a PublishResponse, and collects each text in `received`. `failNext` answers the next
 * Publish with an SNS error instead (a 400 the SDK does not retry, so the deliverer's own retry shows).
 */
export async function startTestSnsServer(port = 0) {
  const received: ReceivedText[] = [];
  const state = { failNext: 0, requests: 0 };
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      state.requests += 1;
      const form = new URLSearchParams(body);
      const reply = (status: number, xml: string) => {
        response.writeHead(status, { "content-type": "text/xml" });
        response.end(`<?xml version="1.0"?>\n${xml}`);
      };
      if (form.get("Action") !== "Publish") {
        reply(
          400,
          `<ErrorResponse><Error><Type>Sender</Type><Code>InvalidAction</Code><Message>Only Publish here</Message></Error><RequestId>r-0</RequestId></ErrorResponse>`,
        );
        return;
      }
      if (state.failNext > 0) {
        state.failNext -= 1;
        reply(
          400,
          `<ErrorResponse><Error><Type>Sender</Type><Code>InvalidParameter</Code><Message>Invalid parameter: test failure</Message></Error><RequestId>r-1</RequestId></ErrorResponse>`,
        );
        return;
      }
      // MessageAttributes.entry.N.Name / .Value.StringValue
      const attributes: Record<string, string> = {};
      for (let n = 1; form.has(`MessageAttributes.entry.${n}.Name`); n++) {
        attributes[form.get(`MessageAttributes.entry.${n}.Name`)!] =
          form.get(`MessageAttributes.entry.${n}.Value.StringValue`) ?? "";
      }
      const messageId = `msg-${received.length + 1}`;
      received.push({
        phoneNumber: form.get("PhoneNumber") ?? "",
        message: form.get("Message") ?? "",
        attributes,
        authorization: request.headers.authorization ?? "",
      });
      reply(
        200,
        `<PublishResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><PublishResult><MessageId>${messageId}</MessageId></PublishResult><ResponseMetadata><RequestId>r-${messageId}</RequestId></ResponseMetadata></PublishResponse>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
