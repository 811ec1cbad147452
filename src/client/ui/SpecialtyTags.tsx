// A salesperson's specialties as tags, the same on browse cards, profiles and dealership pages: the first `max`
// of them, and "+N more" for the rest.
import { Tag, Wrap } from "@chakra-ui/react";
import { tagSlotRecipe } from "@chakra-ui/react/theme";

export function SpecialtyTags({
  specialties,
  max = specialties.length,
  size = "sm",
}: {
  specialties: readonly string[];
  max?: number;
  size?: "sm" | "lg";
}) {
  if (specialties.length === 0) return null;
  const extra = specialties.length - max;
  return (
    <Wrap gap={size === "lg" ? "2" : "1.5"} aria-label="Specialties">
      {specialties.slice(0, max).map((specialty) => (
        <Tag.Root
          recipe={tagSlotRecipe}
          key={specialty}
          colorPalette="blue"
          variant="subtle"
          borderRadius="full"
          size={size}
        >
          <Tag.Label>{specialty}</Tag.Label>
        </Tag.Root>
      ))}
      {extra > 0 ? (
        <Tag.Root recipe={tagSlotRecipe} size={size} variant="outline" borderRadius="full">
          <Tag.Label>+{extra} more</Tag.Label>
        </Tag.Root>
      ) : null}
    </Wrap>
  );
}
