// The dealership a group member works on, on the pages that show one dealership (the manager dashboard,
// Bookings): which one it is, a choice of the group's others, and the way to the group's own page.
import { HStack, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { LuBuilding2 } from "react-icons/lu";
import { trpc } from "../../trpc";
import { TextLink } from "../../ui/links";
import { useSession } from "../../ui/session";
import { useActAs } from "./useActAs";

function Switcher() {
  const group = trpc.groups.mine.useQuery();
  const actAs = useActAs();
  const selectId = useId();
  if (!group.data) return null;
  const { dealerships, actingDealershipId } = group.data;
  return (
    <Stack gap="1.5" minW={{ base: "0", md: "64" }} maxW={{ md: "xs" }} data-dealership-switcher>
      <HStack justify="space-between" gap="3">
        <Text asChild fontSize="sm" fontWeight="medium" color="fg.muted">
          <label htmlFor={selectId}>Working on</label>
        </Text>
        <TextLink
          to="/group"
          fontSize="sm"
          color="blue.700"
          display="inline-flex"
          gap="1"
          alignItems="center"
        >
          <LuBuilding2 aria-hidden /> Dealer group
        </TextLink>
      </HStack>
      <NativeSelect.Root size="sm" disabled={actAs.isPending}>
        <NativeSelect.Field
          id={selectId}
          bg="bg.panel"
          value={actingDealershipId === null ? "" : String(actingDealershipId)}
          onChange={(e) => actAs.mutate({ dealershipId: Number(e.currentTarget.value) })}
        >
          {actingDealershipId === null ? <option value="">Choose a dealership</option> : null}
          {dealerships.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
}

/** For a member of a dealer group, the switcher; nothing for anyone else. */
export function DealershipSwitcher() {
  const { user } = useSession();
  return user?.groupId != null ? <Switcher /> : null;
}
