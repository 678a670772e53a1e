/**
 * Global setup of the integration project: the message providers' stand-in (scripts/message-standin.mjs),
 * in Node, on the port vitest.config.ts gave the Worker as MESSAGES_STANDIN_URL, with the same callback
 * secrets. The Worker inside Miniflare cannot be called back over HTTP, so the stand-in keeps the signed
 * callbacks it made and tests hand them to the Worker themselves (messages-helpers.ts).
 */
import { startMessageStandin } from "../../scripts/message-standin.mjs";

export default async function setup() {
  const standin = await startMessageStandin({
    port: Number(process.env.MEDISTORE_TEST_STANDIN_PORT),
    smsSecret: "integration-test-sms-webhook-secret",
    whatsappSecret: "integration-test-whatsapp-secret",
  });
  return () => standin.stop();
}
