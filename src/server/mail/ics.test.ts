import { describe, expect, it } from "vitest";
import { buildIcs } from "./ics";

const base = {
  uid: "appointment-42@knowbefore",
  sequence: 0,
  start: new Date("2026-03-08T14:00:00Z"),
  durationMinutes: 30,
  timeZone: "America/New_York",
  summary: "Test Drive with Sam Rivera",
  description: "Bring your licence, please; thanks",
  location: "123 Main St, Austin, TX",
  organizer: { name: "KnowBefore", email: "no-reply@knowbefore.local" },
  attendees: [{ name: "Alex Morgan", email: "alex@example.com" }],
};

/** A REQUEST to one attendee, as its unfolded lines. */
function requestLines(attendee: { name: string; email: string }): string[] {
  return buildIcs({ ...base, method: "REQUEST", attendees: [attendee] })
    .replace(/\r\n /g, "")
    .split("\r\n");
}

describe("ICS invites", () => {
  it("writes a REQUEST in the dealership's zone with its offset on the day", () => {
    const ics = buildIcs({ ...base, method: "REQUEST" }, new Date("2026-03-01T00:00:00Z"));
    expect(ics).toContain("METHOD:REQUEST\r\n");
    expect(ics).toContain("UID:appointment-42@knowbefore\r\n");
    expect(ics).toContain("DTSTART;TZID=America/New_York:20260308T100000\r\n");
    expect(ics).toContain("DTEND;TZID=America/New_York:20260308T103000\r\n");
    expect(ics).toContain("TZOFFSETTO:-0400");
    expect(ics).toContain("BEGIN:DAYLIGHT");
    expect(ics).toContain("DESCRIPTION:Bring your licence\\, please\\; thanks");
  });

  it("writes a CANCEL with the same UID and a higher sequence", () => {
    const ics = buildIcs({ ...base, method: "CANCEL", sequence: 1 });
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain("STATUS:CANCELLED");
  });

  it("quotes a name in CN so it cannot add parameters or change the address", () => {
    const lines = requestLines({ name: 'Eve";ROLE=CHAIR:mailto:x', email: "eve@example.com" });
    expect(lines.filter((line) => line.startsWith("ATTENDEE"))).toEqual([
      'ATTENDEE;CN="Eve;ROLE=CHAIR:mailto:x";ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:eve@example.com',
    ]);
    expect(lines).toContain('ORGANIZER;CN="KnowBefore":mailto:no-reply@knowbefore.local');
  });

  it("drops line breaks and quotes from a name, so it cannot start a property", () => {
    const lines = requestLines({ name: 'Mallory\r\nATTENDEE:mailto:"x@evil.test', email: "m@example.com" });
    expect(lines.filter((line) => line.startsWith("ATTENDEE"))).toEqual([
      'ATTENDEE;CN="MalloryATTENDEE:mailto:x@evil.test";ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:m@example.com',
    ]);
  });

  it("folds long lines at 75 octets", () => {
    const ics = buildIcs({ ...base, method: "REQUEST", description: "x".repeat(200) });
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});
