// What changed between an audit row's before and after: per field, and for long text line by line.

export type FieldChange =
  | {
      field: string;
      kind: "added" | "removed" | "changed";
      before: unknown;
      after: unknown;
      lines?: LineDiff;
    }
  | { field: string; kind: "same"; before: unknown; after: unknown };

export type LineDiff = { kind: "same" | "added" | "removed"; text: string }[] | "too-large";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Text worth diffing line by line (a document, a long note) rather than showing whole on both sides. */
function isLongText(value: unknown): value is string {
  return typeof value === "string" && (value.includes("\n") || value.length > 160);
}

/** The most cells the line table may have (lines before x lines after, once common ends are cut). */
const MAX_CELLS = 4_000_000;

/** A line diff (longest common subsequence) of two texts, with unchanged runs kept for context. */
export function diffLines(before: string, after: string): LineDiff {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) return "too-large";
  // lcs[i][j]: the longest common run of midA[i..] and midB[j..]
  const lcs: Uint32Array[] = Array.from({ length: midA.length + 1 }, () => new Uint32Array(midB.length + 1));
  for (let i = midA.length - 1; i >= 0; i--)
    for (let j = midB.length - 1; j >= 0; j--)
      lcs[i]![j] = midA[i] === midB[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: { kind: "same" | "added" | "removed"; text: string }[] = a
    .slice(0, start)
    .map((text) => ({ kind: "same" as const, text }));
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
      out.push({ kind: "same", text: midA[i]! });
      i++;
      j++;
    } else if (j < midB.length && (i >= midA.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      out.push({ kind: "added", text: midB[j]! });
      j++;
    } else {
      out.push({ kind: "removed", text: midA[i]! });
      i++;
    }
  }
  for (const text of a.slice(endA)) out.push({ kind: "same", text });
  return out;
}

/** Unchanged lines further than this from a change are folded away. */
export const CONTEXT_LINES = 2;

/** The diff with long unchanged runs folded: null stands for a fold of `count` lines. */
export function foldContext(
  lines: Exclude<LineDiff, "too-large">,
): ({ kind: "same" | "added" | "removed"; text: string } | { kind: "fold"; count: number })[] {
  const near = lines.map((line, index) => {
    if (line.kind !== "same") return true;
    for (let d = -CONTEXT_LINES; d <= CONTEXT_LINES; d++)
      if (lines[index + d] && lines[index + d]!.kind !== "same") return true;
    return false;
  });
  const out: ({ kind: "same" | "added" | "removed"; text: string } | { kind: "fold"; count: number })[] = [];
  lines.forEach((line, index) => {
    if (near[index]) out.push(line);
    else {
      const last = out[out.length - 1];
      if (last && last.kind === "fold") last.count++;
      else out.push({ kind: "fold", count: 1 });
    }
  });
  return out;
}

/** Field-by-field changes of an audit row; a value that is not an object is compared as one field. */
export function auditChanges(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    return [fieldChange("value", before ?? undefined, after ?? undefined)];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => fieldChange(field, b[field], a[field]));
}

function fieldChange(field: string, before: unknown, after: unknown): FieldChange {
  if (before === undefined) return { field, kind: "added", before, after };
  if (after === undefined) return { field, kind: "removed", before, after };
  if (same(before, after)) return { field, kind: "same", before, after };
  const lines =
    isLongText(before) || isLongText(after)
      ? diffLines(String(before ?? ""), String(after ?? ""))
      : undefined;
  return { field, kind: "changed", before, after, lines };
}

/** A value as a short line of text. */
export function showValue(value: unknown): string {
  if (value === undefined) return "—";
  if (value === null) return "empty";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}
