import { Box, Link as ChakraLink, Flex, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuBuilding2, LuClock } from "react-icons/lu";
import type { AppointmentView } from "../../../shared/schemas/appointments";
import { DateTile } from "../../ui/DateTile";
import { appointmentWhen } from "../../ui/format";

/** Who, what, when and where of one appointment, with the time in the dealership's zone. */
export function AppointmentSummary({
  appointment,
  linkSalesperson = false,
  muted = false,
}: {
  appointment: AppointmentView;
  linkSalesperson?: boolean;
  muted?: boolean;
}) {
  const when = appointmentWhen(appointment.scheduledDateTime, appointment.timeZone);
  return (
    <Flex gap="4" align="flex-start" minW="0">
      <DateTile month={when.month} day={when.day} muted={muted} />
      <Stack gap="1" minW="0" flex="1">
        <Text fontWeight="semibold" color="ink" lineHeight="short">
          {appointment.appointmentType}{" "}
          <Text as="span" fontWeight="normal" color="fg.muted">
            with{" "}
          </Text>
          {linkSalesperson ? (
            <ChakraLink asChild color="blue.fg" fontWeight="semibold">
              <Link to="/salesperson/$id" params={{ id: String(appointment.salespersonId) }}>
                {appointment.salespersonName}
              </Link>
            </ChakraLink>
          ) : (
            appointment.salespersonName
          )}
        </Text>
        <HStack gap="1.5" fontSize="sm" color="fg.muted" align="flex-start">
          <Icon boxSize="3.5" mt="0.5" flexShrink={0}>
            <LuClock />
          </Icon>
          <Text>
            <Text as="span" color="fg">
              <time dateTime={appointment.scheduledDateTime}>
                {when.date} · {when.time} {when.zoneAbbr}
              </time>
            </Text>{" "}
            <Box as="span" whiteSpace="nowrap">
              ({when.zoneName})
            </Box>
          </Text>
        </HStack>
        <HStack gap="1.5" fontSize="sm" color="fg.muted">
          <Icon boxSize="3.5" flexShrink={0}>
            <LuBuilding2 />
          </Icon>
          <Text truncate>{appointment.dealership ?? "Independent salesperson"}</Text>
        </HStack>
      </Stack>
    </Flex>
  );
}
