// /settings/notifications: every account's choice of which notices reach it, a switch per kind of event and
// channel (in the app, by e-mail), saved as it is flipped. Essential kinds are listed as always on, with why.
// The kinds and their words are src/shared/notificationKinds.ts's; the server enforces what the page shows.
import { Box, Container, Grid, Heading, Stack, Switch, Text, VisuallyHidden } from "@chakra-ui/react";
import { switchSlotRecipe } from "@chakra-ui/react/theme";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { NotificationChannel } from "../../../shared/notificationKinds";
import type { NotificationPreference, NotificationPreferences } from "../../../shared/schemas/notifications";
import { trpc } from "../../trpc";
import { showFailure } from "../../ui/failureToast";
import { PageHeader } from "../../ui/layout/PageHeader";
import { SignedInFrame } from "../../ui/layout/SignedInFrame";
import { useSession } from "../../ui/session";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { notificationQueries } from "./queries";

const PAGE_TITLE = "Notification settings";
const DESCRIPTION = "Choose which KnowBefore notices reach you in the app and by e-mail.";

const CHANNEL_WORDS: Record<NotificationChannel, { label: string; none: string }> = {
  inApp: { label: "In the app", none: "Not shown in the app" },
  email: { label: "By e-mail", none: "Not e-mailed" },
};

/** One channel's switch of one kind, named for screen readers by both ("Messages: by e-mail"). */
function ChannelSwitch({
  kind,
  channel,
  checked,
  disabled,
  onChange,
}: {
  kind: NotificationPreference;
  channel: NotificationChannel;
  checked: boolean | null;
  disabled?: boolean;
  onChange?: (on: boolean) => void;
}) {
  const words = CHANNEL_WORDS[channel];
  if (checked === null)
    return (
      <Text fontSize="sm" color="fg.muted">
        {words.none}
      </Text>
    );
  return (
    <Switch.Root
      recipe={switchSlotRecipe}
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange?.(e.checked)}
      colorPalette="blue"
    >
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label fontSize="sm">
        <VisuallyHidden>{kind.label}: </VisuallyHidden>
        {words.label}
      </Switch.Label>
    </Switch.Root>
  );
}

function KindRow({
  kind,
  onChange,
}: {
  kind: NotificationPreference;
  onChange?: (channel: NotificationChannel, on: boolean) => void;
}) {
  return (
    <Grid
      as="li"
      aria-label={kind.label}
      templateColumns={{ base: "1fr", md: "minmax(0, 1fr) 10rem 10rem" }}
      gap={{ base: "3", md: "6" }}
      alignItems="center"
      py="4"
      borderTopWidth="1px"
      borderColor="border.muted"
      _first={{ borderTopWidth: 0 }}
    >
      <Stack gap="0.5">
        <Text fontWeight="semibold" color="ink">
          {kind.label}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {kind.description}
        </Text>
        {kind.always ? (
          <Text fontSize="sm" color="fg.muted">
            Always on: {kind.always}
          </Text>
        ) : null}
      </Stack>
      {(["inApp", "email"] as const).map((channel) => (
        <ChannelSwitch
          key={channel}
          kind={kind}
          channel={channel}
          checked={kind.essential && kind[channel] !== null ? true : kind[channel]}
          disabled={kind.essential}
          onChange={(on) => onChange?.(channel, on)}
        />
      ))}
    </Grid>
  );
}

function Section({
  id,
  title,
  lead,
  kinds,
  onChange,
}: {
  id: string;
  title: string;
  lead: string;
  kinds: NotificationPreference[];
  onChange?: (kind: NotificationPreference, channel: NotificationChannel, on: boolean) => void;
}) {
  return (
    <Box
      as="section"
      aria-labelledby={id}
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="xl"
      px={{ base: "4", md: "6" }}
      py="5"
    >
      <Stack gap="1" pb="2">
        <Heading as="h2" id={id} size="lg" color="ink">
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {lead}
        </Text>
      </Stack>
      <Box as="ul" listStyleType="none" m="0" p="0">
        {kinds.map((kind) => (
          <KindRow
            key={kind.kind}
            kind={kind}
            onChange={onChange ? (channel, on) => onChange(kind, channel, on) : undefined}
          />
        ))}
      </Box>
    </Box>
  );
}

function Workspace() {
  useDocumentTitle(PAGE_TITLE, DESCRIPTION);
  const utils = trpc.useUtils();
  const { data } = useSuspenseQuery(notificationQueries.preferences());
  const [saved, setSaved] = useState("");
  const save = trpc.notifications.setPreference.useMutation({
    // The switch moves at once; the server's answer (every kind) replaces the guess, a refusal puts it back.
    onMutate: async (input) => {
      await utils.notifications.preferences.cancel();
      const before = utils.notifications.preferences.getData();
      utils.notifications.preferences.setData(undefined, (current) =>
        current
          ? {
              kinds: current.kinds.map((k) =>
                k.kind === input.kind
                  ? { ...k, inApp: input.inApp ?? k.inApp, email: input.email ?? k.email }
                  : k,
              ),
            }
          : current,
      );
      return { before };
    },
    onSuccess: (answer: NotificationPreferences, input) => {
      utils.notifications.preferences.setData(undefined, answer);
      const kind = answer.kinds.find((k) => k.kind === input.kind);
      const channel = input.email === undefined ? "in the app" : "by e-mail";
      const on = input.email ?? input.inApp;
      setSaved(`Saved: ${kind?.label ?? input.kind} ${channel} ${on ? "on" : "off"}.`);
    },
    onError: (error, _input, context) => {
      if (context?.before) utils.notifications.preferences.setData(undefined, context.before);
      showFailure("Your choice was not saved", error);
    },
  });
  const chosen = data.kinds.filter((k) => !k.essential);
  const essential = data.kinds.filter((k) => k.essential);
  return (
    <>
      <PageHeader
        eyebrow="Your account"
        title={PAGE_TITLE}
        lead="Choose what reaches you in the app and by e-mail. Every e-mail we send about these also has a link to stop it in one click."
      />
      <Container maxW="5xl" py={{ base: "5", md: "8" }}>
        <Stack gap="6">
          <Section
            id="chosen-notices"
            title="Notices you choose"
            lead="Switched on until you switch them off. Changes are saved at once."
            kinds={chosen}
            onChange={(kind, channel, on) => save.mutate({ kind: kind.kind, [channel]: on })}
          />
          <Section
            id="essential-notices"
            title="Always on"
            lead="These concern your account, your sign-in or a promise made to someone, so they always reach you."
            kinds={essential}
          />
          <Text role="status" aria-live="polite" fontSize="sm" color="fg.muted" minH="5">
            {saved}
          </Text>
        </Stack>
      </Container>
    </>
  );
}

/** Signed-out visitors are sent to sign in, as on the security page. */
export function NotificationSettingsPage() {
  const { user } = useSession();
  return <SignedInFrame>{user ? <Workspace /> : null}</SignedInFrame>;
}
