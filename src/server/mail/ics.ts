// iCalendar (RFC 5545) invites and cancellations for appointments, in the dealership's time zone.
import { toZoned, zoneOffsetMinutes } from "../../shared/time";

export type IcsEvent = {
  uid: string;
  sequence: number;
  method: "REQUEST" | "CANCEL";
  start: Date;
  durationMinutes: number;
  timeZone: string;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
};

function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/**
 * A parameter value (CN=...) as a quoted-string: a name may hold ':', ';' or ',' that would otherwise end the
 * parameter and start another (a booker's name must not add ROLE= or change the address). A quoted-string
 * cannot hold DQUOTE or control characters, so those are dropped.
 */
export function paramValue(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return `"${value.replace(/["\u0000-\u001f\u007f]/g, "")}"`;
}

/** A calendar address: control characters (a line break would start a property) are dropped. */
function calAddress(email: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return `mailto:${email.replace(/[\u0000-\u001f\u007f]/g, "")}`;
}

/** Lines longer than 75 octets are folded with CRLF + space. */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut--;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join("\r\n");
}

function local(instant: Date, timeZone: string): string {
  const z = toZoned(instant, timeZone);
  return `${z.date.replace(/-/g, "")}T${z.time.replace(":", "")}00`;
}

function utc(instant: Date): string {
  return `${instant.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
}

function offset(minutes: number): string {
  const sign = minutes >= 0 ? "+" : "-";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

/**
 * A VTIMEZONE valid for the event's instant: its offset then, so clients that know the IANA name use their
 * own rules and those that do not still place the event correctly.
 */
function vtimezone(instant: Date, timeZone: string): string[] {
  const minutes = zoneOffsetMinutes(instant, timeZone);
  const january = zoneOffsetMinutes(new Date(Date.UTC(instant.getUTCFullYear(), 0, 15)), timeZone);
  const kind = minutes > january ? "DAYLIGHT" : "STANDARD";
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${timeZone}`,
    `BEGIN:${kind}`,
    "DTSTART:19700101T000000",
    `TZOFFSETFROM:${offset(minutes)}`,
    `TZOFFSETTO:${offset(minutes)}`,
    `END:${kind}`,
    "END:VTIMEZONE",
  ];
}

export function buildIcs(event: IcsEvent, now = new Date()): string {
  const end = new Date(event.start.getTime() + event.durationMinutes * 60_000);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//KnowBefore//Appointments//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    ...vtimezone(event.start, event.timeZone),
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART;TZID=${event.timeZone}:${local(event.start, event.timeZone)}`,
    `DTEND;TZID=${event.timeZone}:${local(end, event.timeZone)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:${calAddress(event.organizer.email)}`,
    ...event.attendees.map(
      (a) => `ATTENDEE;CN=${paramValue(a.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:${calAddress(a.email)}`,
    ),
    `STATUS:${event.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** A visit as a calendar feed or a downloaded file lists it: times in UTC, so no time zone needs defining. */
export type PublishedEvent = {
  uid: string;
  sequence: number;
  start: Date;
  durationMinutes: number;
  summary: string;
  description: string;
  location: string;
  url?: string;
};

/**
 * A calendar to subscribe to or import (METHOD:PUBLISH): no organizer or attendees, so no app offers to answer
 * it. `name` is what subscribing apps call the calendar.
 */
export function buildPublishedCalendar(name: string, events: PublishedEvent[], now = new Date()): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//KnowBefore//Appointments//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    // How often subscribing apps should read it again (most poll on their own schedule regardless).
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
    ...events.flatMap((event) => [
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `SEQUENCE:${event.sequence}`,
      `DTSTAMP:${utc(now)}`,
      `DTSTART:${utc(event.start)}`,
      `DTEND:${utc(new Date(event.start.getTime() + event.durationMinutes * 60_000))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `LOCATION:${escapeText(event.location)}`,
      ...(event.url ? [`URL:${event.url.replace(/[\r\n]/g, "")}`] : []),
      "STATUS:CONFIRMED",
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
