// Availability blocks as the dashboard shows them: the block shape the API answers, the type labels and
// colours, and one-line descriptions of when a block applies, in the salesperson's zone.
import type { BLOCK_TYPES } from "../../../../shared/constants";
import { toZoned } from "../../../../shared/time";
import { clockTime } from "../../../ui/format";

export type AvailabilityBlock = {
  id: number;
  title: string;
  startDateTime: string;
  endDateTime: string;
  blockType: string;
  reason: string | null;
  isRecurring: boolean;
  timeZone: string;
};

export type BlockType = (typeof BLOCK_TYPES)[number];

export const BLOCK_TYPE_STYLE: Record<BlockType, { label: string; palette: string }> = {
  personal: { label: "Personal", palette: "purple" },
  training: { label: "Training", palette: "blue" },
  meeting: { label: "Meeting", palette: "teal" },
  vacation: { label: "Vacation", palette: "green" },
  sick: { label: "Sick", palette: "red" },
  other: { label: "Other", palette: "gray" },
};

export function blockTypeStyle(type: string): { label: string; palette: string } {
  return BLOCK_TYPE_STYLE[type as BlockType] ?? { label: type, palette: "gray" };
}

function dayLabel(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, ...options }).format(new Date(iso));
}

/** "Every Monday · 12:00 PM – 1:00 PM", "Wed, Jun 10 · 3:00 PM – 5:00 PM", "Jun 10, 3:00 PM – Jun 12, 10:00 AM". */
export function describeBlockWhen(block: AvailabilityBlock): string {
  const tz = block.timeZone;
  const start = new Date(block.startDateTime);
  const end = new Date(block.endDateTime);
  const sameDay = toZoned(start, tz).date === toZoned(end, tz).date;
  const times = `${clockTime(start, tz)} – ${clockTime(end, tz)}`;
  if (block.isRecurring) {
    const weekday = dayLabel(block.startDateTime, tz, { weekday: "long" });
    if (sameDay) return `Every ${weekday} · ${times}`;
    const endDay = dayLabel(block.endDateTime, tz, { weekday: "short" });
    return `Every ${weekday} ${clockTime(start, tz)} – ${endDay} ${clockTime(end, tz)}`;
  }
  if (sameDay) {
    return `${dayLabel(block.startDateTime, tz, { weekday: "short", month: "short", day: "numeric" })} · ${times}`;
  }
  const short = (iso: string, at: Date) =>
    `${dayLabel(iso, tz, { month: "short", day: "numeric" })}, ${clockTime(at, tz)}`;
  return `${short(block.startDateTime, start)} – ${short(block.endDateTime, end)}`;
}

/** Weekly blocks apply forever; a one-off block is over once its end has passed. */
export function isBlockOver(block: AvailabilityBlock, now = Date.now()): boolean {
  return !block.isRecurring && Date.parse(block.endDateTime) <= now;
}
