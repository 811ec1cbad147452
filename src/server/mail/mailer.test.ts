import { afterAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "../../../tests/support/smtp-sink";
import { createLogger } from "../logger";
import { createMailer } from "./mailer";

const sink = await startSmtpSink();
afterAll(() => sink.close());

describe("the SMTP mailer", () => {
  it("keeps its connection past a hundred messages instead of waiting for a new greeting", async () => {
    const mailer = createMailer({
      smtpUrl: sink.url,
      from: "KnowBefore <noreply@example.org>",
      logger: createLogger("error"),
      nodeEnv: "production",
    });
    try {
      for (let i = 0; i < 120; i++)
        expect(
          await mailer.send({ to: `kept-${i}@example.org`, subject: `Message ${i}`, text: "Hello" }),
        ).toBe("sent");
      expect(sink.messages.filter((m) => m.subject.startsWith("Message "))).toHaveLength(120);
      expect(sink.connections()).toBe(1);
    } finally {
      mailer.close();
    }
  });
});
