import { chakra, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { LuStar } from "react-icons/lu";

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * One 1–5 star score as a radio group (one tab stop; arrow keys, Home and End change it); 0 reads as
 * 'not rated yet'. Hovering previews a score before it is clicked.
 */
export function StarInput({
  label,
  value,
  onChange,
  invalid = false,
  scale,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  invalid?: boolean;
  /** Words for the two ends of the scale, e.g. '1 = too pushy' and '5 = perfect balance'. */
  scale?: { low: string; high: string };
}) {
  const labelId = useId();
  const [hover, setHover] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = hover || value;

  const select = (next: number) => {
    const clamped = Math.min(5, Math.max(1, next));
    onChange(clamped);
    refs.current[clamped - 1]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const current = value || 0;
    if (event.key === "ArrowRight" || event.key === "ArrowUp") select(current + 1);
    else if (event.key === "ArrowLeft" || event.key === "ArrowDown") select(current - 1);
    else if (event.key === "Home") select(1);
    else if (event.key === "End") select(5);
    else return;
    event.preventDefault();
  };

  return (
    <Stack gap="1.5">
      <Text id={labelId} fontWeight="semibold" fontSize="sm" color="ink">
        {label}
      </Text>
      <HStack gap="3" flexWrap="wrap">
        <HStack
          role="radiogroup"
          aria-labelledby={labelId}
          aria-required="true"
          aria-invalid={invalid && value === 0 ? true : undefined}
          gap="0.5"
          onPointerLeave={() => setHover(0)}
        >
          {STARS.map((n) => (
            <chakra.button
              key={n}
              ref={(el: HTMLButtonElement | null) => {
                refs.current[n - 1] = el;
              }}
              type="button"
              role="radio"
              aria-checked={value === n}
              aria-label={n === 1 ? "1 star" : `${n} stars`}
              tabIndex={(value || 1) === n ? 0 : -1}
              onClick={() => onChange(n)}
              onPointerEnter={() => setHover(n)}
              onKeyDown={onKeyDown}
              p="1"
              borderRadius="md"
              cursor="pointer"
              lineHeight="0"
              _focusVisible={{ outline: "2px solid", outlineColor: "blue.500", outlineOffset: "1px" }}
            >
              <Icon
                boxSize="7"
                color={n <= shown ? "yellow.500" : invalid && value === 0 ? "red.200" : "gray.300"}
                transition="color 100ms, transform 100ms"
                transform={hover === n ? "scale(1.1)" : undefined}
              >
                <LuStar fill="currentColor" />
              </Icon>
            </chakra.button>
          ))}
        </HStack>
        <Text fontSize="sm" color={invalid && value === 0 ? "fg.error" : "fg.muted"} aria-hidden>
          {value > 0 ? `${value} of 5` : invalid ? "Required" : "Not rated"}
        </Text>
      </HStack>
      {scale ? (
        <HStack
          justify="space-between"
          maxW="13rem"
          fontSize="xs"
          color="fg.muted"
          gap="2"
          whiteSpace="nowrap"
        >
          <Text>{scale.low}</Text>
          <Text textAlign="end">{scale.high}</Text>
        </HStack>
      ) : null}
    </Stack>
  );
}
