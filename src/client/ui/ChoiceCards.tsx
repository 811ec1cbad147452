import { chakra, Grid, Stack, Text } from "@chakra-ui/react";
import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

export type Choice = { value: string; label: string; description?: string; icon?: ReactNode };

/**
 * A labelled radio group drawn as cards (WAI-ARIA radio group pattern: one tab stop, arrow keys move and
 * select). Used for the visit picker and the contact method.
 */
export function ChoiceCards({
  label,
  choices,
  value,
  onChange,
  columns = 1,
  invalid = false,
  required = false,
  hint,
}: {
  label: ReactNode;
  choices: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  columns?: number;
  invalid?: boolean;
  required?: boolean;
  hint?: ReactNode;
}) {
  const labelId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = choices.findIndex((c) => c.value === value);
  const focusable = Math.max(selectedIndex, 0);

  const move = (from: number, step: number) => {
    const next = (from + step + choices.length) % choices.length;
    onChange(choices[next]!.value);
    refs.current[next]?.focus();
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowRight") move(index, 1);
    else if (event.key === "ArrowUp" || event.key === "ArrowLeft") move(index, -1);
    else return;
    event.preventDefault();
  };

  return (
    <Stack gap="2">
      <Text id={labelId} fontSize="sm" fontWeight="semibold" color="ink">
        {label}
        {required ? (
          <Text as="span" color="fg.error" ms="1" aria-hidden>
            *
          </Text>
        ) : null}
      </Text>
      <Grid
        role="radiogroup"
        aria-labelledby={labelId}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        templateColumns={`repeat(${columns}, minmax(0, 1fr))`}
        gap="2"
      >
        {choices.map((choice, index) => {
          const checked = choice.value === value;
          return (
            <chakra.button
              key={choice.value}
              ref={(el: HTMLButtonElement | null) => {
                refs.current[index] = el;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={index === focusable ? 0 : -1}
              onClick={() => onChange(choice.value)}
              onKeyDown={onKeyDown(index)}
              display="flex"
              flexDirection={columns > 1 ? "column" : "row"}
              alignItems="center"
              justifyContent={columns > 1 ? "center" : "flex-start"}
              textAlign={columns > 1 ? "center" : "start"}
              gap={columns > 1 ? "1.5" : "3"}
              px="3.5"
              py="3"
              borderWidth={checked ? "2px" : "1px"}
              borderColor={checked ? "blue.600" : invalid ? "border.error" : "border"}
              m={checked ? "0" : "1px"}
              borderRadius="lg"
              bg={checked ? "blue.50" : "bg.panel"}
              color="fg"
              cursor="pointer"
              transition="border-color 120ms, background 120ms"
              _hover={{ borderColor: checked ? "blue.600" : "blue.300" }}
              _focusVisible={{ outline: "2px solid", outlineColor: "blue.500", outlineOffset: "2px" }}
            >
              {choice.icon ? (
                <chakra.span color={checked ? "blue.700" : "fg.muted"} display="inline-flex" fontSize="lg">
                  {choice.icon}
                </chakra.span>
              ) : null}
              <Stack gap="0.5" flex={columns > 1 ? undefined : "1"} minW="0">
                <Text fontSize="sm" fontWeight="semibold" color="ink">
                  {choice.label}
                </Text>
                {choice.description ? (
                  <Text fontSize="sm" color="fg.muted">
                    {choice.description}
                  </Text>
                ) : null}
              </Stack>
              {columns === 1 ? (
                <chakra.span
                  aria-hidden
                  boxSize="4"
                  borderRadius="full"
                  borderWidth={checked ? "5px" : "2px"}
                  borderColor={checked ? "blue.600" : "border.emphasized"}
                  flexShrink={0}
                  bg="bg.panel"
                />
              ) : null}
            </chakra.button>
          );
        })}
      </Grid>
      {hint}
    </Stack>
  );
}
