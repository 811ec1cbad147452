import { NEXT_OPEN_DAYS } from "../../../shared/slots";
import { addDays, todayIn } from "../../../shared/time";
import { InputField, SelectField } from "../../ui/form";

const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const WHEN_OPTIONS = [
  { value: "today", label: "Today" },
  { value: "weekend", label: "This weekend" },
  { value: "date", label: "On a date…" },
] as const;

const isDate = (value: string | undefined): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * 'Availability': only salespeople with an open time today, this weekend or on a date (by each dealership's clock,
 * within the next two weeks the server keeps). Choosing 'On a date…' starts at tomorrow and shows the date.
 */
export function AvailableFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const today = todayIn(LOCAL_ZONE);
  const onDate = isDate(value);
  return (
    <>
      <SelectField
        label="Availability"
        labelSize="caps"
        size="sm"
        bg="white"
        emptyLabel="Any time"
        value={onDate ? "date" : (value ?? "")}
        options={WHEN_OPTIONS}
        onChange={(e) => {
          const v = e.currentTarget.value;
          onChange(v === "" ? undefined : v === "date" ? addDays(today, 1) : v);
        }}
      />
      {onDate ? (
        <InputField
          label="Date"
          labelSize="caps"
          size="sm"
          bg="white"
          type="date"
          min={today}
          max={addDays(today, NEXT_OPEN_DAYS)}
          value={value}
          onChange={(e) => {
            const date = e.currentTarget.value;
            if (isDate(date)) onChange(date);
          }}
        />
      ) : null}
    </>
  );
}
