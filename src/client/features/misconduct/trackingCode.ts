/** Codes are read back however they were typed: case and spaces don't matter. */
export function normaliseTrackingCode(raw: string): string {
  return raw.trim().toUpperCase().replace(/\s+/g, "");
}

/** The shortest code worth asking the server about. */
export const TRACKING_CODE_MIN = 8;
