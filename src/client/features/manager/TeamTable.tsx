// The manager's team as a table from tablets up and as cards on phones: who, how they are paid,
// whether they are verified, their ratings, and removal.
import { Avatar, Badge, Button, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { avatarSlotRecipe } from "@chakra-ui/react/theme";
import { LuBadgeCheck, LuUserMinus } from "react-icons/lu";
import type { TeamMember } from "../../../shared/schemas/manager";
import { PhoneCard, PhoneCardList } from "../../ui/CardList";
import { NOT_YET_RATED, ratingText } from "../../ui/Rating";
import { StatusBadge } from "../../ui/StatusBadge";

function PaymentBadge({ model }: { model: TeamMember["paymentModel"] }) {
  return (
    <Badge variant="outline" colorPalette={model === "dealership" ? "blue" : "gray"} borderRadius="full">
      {model === "dealership" ? "Dealership pays" : "Individual"}
    </Badge>
  );
}

function VerificationBadge({ member }: { member: TeamMember }) {
  return member.verifiedAt ? (
    <Badge colorPalette="green" variant="subtle" borderRadius="full">
      <LuBadgeCheck aria-hidden /> Verified
    </Badge>
  ) : (
    <Badge colorPalette="yellow" variant="subtle" borderRadius="full">
      Pending
    </Badge>
  );
}

export function Person({ member }: { member: TeamMember }) {
  return (
    <HStack gap="3" minW="0">
      <Avatar.Root recipe={avatarSlotRecipe} size="sm" colorPalette="blue" flexShrink={0}>
        <Avatar.Fallback name={member.name} />
        {member.profileImageUrl ? <Avatar.Image src={member.profileImageUrl} alt="" /> : null}
      </Avatar.Root>
      <Stack gap="0" minW="0">
        <Text fontWeight="semibold" color="ink" truncate>
          {member.name}
        </Text>
        <Text fontSize="sm" color="fg.muted" truncate>
          {member.email}
        </Text>
      </Stack>
    </HStack>
  );
}

function Ratings({ member }: { member: TeamMember }) {
  return member.totalReviews === 0 ? (
    <Text color="fg.muted">{NOT_YET_RATED}</Text>
  ) : (
    <Text>
      <Text as="span" fontWeight="semibold" color="ink">
        {ratingText(member.averageRating, member.totalReviews)}
      </Text>{" "}
      <Text as="span" color="fg.muted">
        ({member.totalReviews} {member.totalReviews === 1 ? "review" : "reviews"})
      </Text>
    </Text>
  );
}

function RemoveButton({
  member,
  onRemove,
  variant,
}: {
  member: TeamMember;
  onRemove: (member: TeamMember) => void;
  variant: "ghost" | "outline";
}) {
  return (
    <Button
      size="xs"
      variant={variant}
      colorPalette="red"
      onClick={() => onRemove(member)}
      aria-label={`Remove ${member.name} from the team`}
    >
      <LuUserMinus /> Remove
    </Button>
  );
}

/** A row of the team: a table row from tablets up, a card on phones. */
export function TeamTable({
  members,
  onRemove,
}: {
  members: TeamMember[];
  onRemove: (member: TeamMember) => void;
}) {
  return (
    <>
      <Table.ScrollArea hideBelow="md" borderWidth="1px" borderColor="border.muted" borderRadius="lg">
        <Table.Root size="sm" interactive>
          <Table.Caption srOnly>Salespeople on your team</Table.Caption>
          <Table.Header>
            <Table.Row bg="gray.50">
              <Table.ColumnHeader>Salesperson</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Rating</Table.ColumnHeader>
              <Table.ColumnHeader>Experience</Table.ColumnHeader>
              <Table.ColumnHeader>Payment</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Text srOnly>Actions</Text>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {members.map((member) => (
              <Table.Row key={member.id}>
                <Table.Cell maxW="72">
                  <Person member={member} />
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="1.5" wrap="wrap">
                    <StatusBadge status={member.status} />
                    <VerificationBadge member={member} />
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  <Ratings member={member} />
                </Table.Cell>
                <Table.Cell>
                  {member.yearsOfExperience} {member.yearsOfExperience === 1 ? "year" : "years"}
                </Table.Cell>
                <Table.Cell>
                  <PaymentBadge model={member.paymentModel} />
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <RemoveButton member={member} onRemove={onRemove} variant="ghost" />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <PhoneCardList label="Salespeople on your team">
        {members.map((member) => (
          <PhoneCard key={member.id} p="3.5" gap="2.5">
            <Person member={member} />
            <HStack gap="1.5" wrap="wrap">
              <StatusBadge status={member.status} />
              <VerificationBadge member={member} />
              <PaymentBadge model={member.paymentModel} />
            </HStack>
            <HStack justify="space-between" fontSize="sm" gap="2">
              <Ratings member={member} />
              <RemoveButton member={member} onRemove={onRemove} variant="outline" />
            </HStack>
          </PhoneCard>
        ))}
      </PhoneCardList>
    </>
  );
}
