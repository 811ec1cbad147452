import { Button, IconButton, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuHeart, LuLogIn } from "react-icons/lu";
import { MenuPopover } from "../../ui/MenuPopover";
import type { SessionUser } from "../../ui/session";
import { useFavorites } from "./useFavorites";

/**
 * The heart that saves a salesperson to the customer's Favorites. Signed-out visitors are asked to sign in;
 * salespeople and other staff accounts see no heart.
 */
export function FavoriteButton({
  salesperson,
  viewer,
  size = "sm",
  withLabel = false,
}: {
  salesperson: { id: number; name: string };
  viewer: SessionUser | null;
  size?: "xs" | "sm" | "md";
  /** Show 'Save' / 'Saved' next to the heart (the profile page); cards show the heart alone. */
  withLabel?: boolean;
}) {
  const favorites = useFavorites(viewer);
  if (viewer && viewer.role !== "customer") return null;

  if (!viewer) {
    return (
      <MenuPopover
        trigger={
          withLabel ? (
            <Button variant="outline" size={size} aria-label={`Save ${salesperson.name} to favorites`}>
              <LuHeart /> Save
            </Button>
          ) : (
            <IconButton
              variant="ghost"
              size={size}
              color="fg.muted"
              aria-label={`Save ${salesperson.name} to favorites`}
            >
              <LuHeart />
            </IconButton>
          )
        }
        content={{ width: "xs" }}
      >
        <MenuPopover.Arrow />
        <MenuPopover.Body>
          <Stack gap="3">
            <Text fontSize="sm">Please sign in to save salespeople to your favorites.</Text>
            <Button asChild size="sm" colorPalette="blue" alignSelf="flex-start">
              <Link to="/login">
                <LuLogIn /> Sign In
              </Link>
            </Button>
          </Stack>
        </MenuPopover.Body>
      </MenuPopover>
    );
  }

  const saved = favorites.isSaved(salesperson.id);
  const label = saved ? `Remove ${salesperson.name} from favorites` : `Save ${salesperson.name} to favorites`;
  const heart = <LuHeart fill={saved ? "currentColor" : "none"} />;
  return withLabel ? (
    <Button
      variant="outline"
      size={size}
      aria-pressed={saved}
      aria-label={label}
      color={saved ? "pink.600" : undefined}
      onClick={() => favorites.toggle(salesperson.id)}
    >
      {heart} {saved ? "Saved" : "Save"}
    </Button>
  ) : (
    <IconButton
      variant="ghost"
      size={size}
      aria-pressed={saved}
      aria-label={label}
      color={saved ? "pink.500" : "fg.muted"}
      _hover={{ color: "pink.500", bg: "pink.50" }}
      onClick={() => favorites.toggle(salesperson.id)}
    >
      {heart}
    </IconButton>
  );
}
