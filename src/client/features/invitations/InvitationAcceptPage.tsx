// /invitations/accept?token=…: what an invitation is (dealership, role, who sent it, until when), then one
// click to accept or decline it. Only the invited address's owner may: a browser signed in as someone else is
// told so and offered to sign out; an address that has an account accepts signed in as it, so a signed-out
// browser is offered the sign-in, which comes back here.
import { Alert, Button, SimpleGrid, Spinner, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import {
  LuArrowRight,
  LuBuilding2,
  LuCircleX,
  LuMailCheck,
  LuShieldCheck,
  LuUserCheck,
} from "react-icons/lu";
import { DEALERSHIP_ROLE_LABELS, GROUP_ROLE_LABELS, GROUP_ROLE_REACH } from "../../../shared/constants";
import type { InvitationDescription } from "../../../shared/schemas/invitations";
import { Fact } from "../../ui/Fact";
import { InputField } from "../../ui/form";
import { mediumDate } from "../../ui/format";
import { TextLink } from "../../ui/links";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { type AuthHighlight, AuthLayout, MfaCodeForm, SignInAddress, StepHeading } from "../auth";
import { useInvitationLink } from "./useInvitationLink";

const HIGHLIGHTS: readonly AuthHighlight[] = [
  {
    icon: LuMailCheck,
    title: "Sent to you alone",
    text: "The link works once, for the address it was sent to, and only after you click Accept.",
  },
  {
    icon: LuShieldCheck,
    title: "Your reputation moves with you",
    text: "A salesperson who already has a profile keeps its reviews and history at the new dealership.",
  },
  {
    icon: LuBuilding2,
    title: "Verified by the dealership",
    text: "An invited salesperson is confirmed by the invitation itself and listed as soon as they accept.",
  },
];

/** Where the offered name comes from, so the invitee knows to check it. */
function typedBy(invitation: InvitationDescription): string {
  if (!invitation.name) return "";
  return invitation.invitedBy
    ? ` As ${invitation.invitedBy} typed it: correct it if needed.`
    : " As your invitation gives it: correct it if needed.";
}

function roleText(invitation: InvitationDescription) {
  if (invitation.groupRole) return GROUP_ROLE_LABELS[invitation.groupRole];
  if (invitation.teamRole) return DEALERSHIP_ROLE_LABELS[invitation.teamRole];
  return invitation.role === "manager" ? "Manager" : "Salesperson";
}

/** What accepting a manager's invitation does: join a group or a team in a role, or take the dealership over. */
function acceptingSays(invitation: InvitationDescription): string {
  if (invitation.group && invitation.groupRole)
    return `Accepting adds you to ${invitation.group.name}: you reach each of its dealerships as its ${DEALERSHIP_ROLE_LABELS[GROUP_ROLE_REACH[invitation.groupRole]].toLowerCase()}.`;
  if (invitation.teamRole)
    return `Accepting adds you to the dealership's team as ${DEALERSHIP_ROLE_LABELS[invitation.teamRole].toLowerCase()}.`;
  return "Accepting makes you this dealership's manager; if it has one now, they hand it over to you.";
}

/** The heading and the sentence under it: what accepting joins, and as what. */
function invitationWhat(invitation: InvitationDescription): { title: string; to: string } {
  const { dealership, group, groupRole } = invitation;
  if (group && groupRole)
    return {
      title: `Join ${group.name}`,
      to: `join the dealer group ${group.name} as ${GROUP_ROLE_LABELS[groupRole].toLowerCase()}`,
    };
  const name = dealership?.name ?? "the dealership";
  if (invitation.teamRole)
    return {
      title: `Join ${name}`,
      to: `join its team as ${DEALERSHIP_ROLE_LABELS[invitation.teamRole].toLowerCase()}`,
    };
  return invitation.role === "manager"
    ? { title: `Manage ${name}`, to: "manage this dealership" }
    : { title: `Join ${name}`, to: "join its sales team" };
}

export function InvitationAcceptPage() {
  useDocumentTitle("Your invitation");
  const link = useInvitationLink();
  const { step } = link;
  return (
    <AuthLayout
      pitchTitle="Join your dealership on KnowBefore."
      pitchText="Buyers find, book and review salespeople they can trust. An invitation puts you on your dealership's page."
      highlights={HIGHLIGHTS}
    >
      {step.status === "checking" && (
        <Stack align="center" py="16" gap="4" role="status" aria-live="polite">
          <Spinner size="lg" color="blue.600" />
          <Text fontWeight="medium">Checking your invitation…</Text>
        </Stack>
      )}
      {step.status === "idle" && (
        <Problem title="No invitation here">
          Open the link from your invitation e-mail. It carries the invitation with it.
        </Problem>
      )}
      {step.status === "failed" && <Problem title="This invitation can't be used">{step.message}</Problem>}
      {step.status === "declined" && (
        <Stack gap="6" align="center" textAlign="center" py={{ base: "2", md: "6" }}>
          <StepHeading icon={LuCircleX} title="Invitation declined">
            Nothing changed on your account. Whoever invited you has been told.
          </StepHeading>
          <TextLink to="/">Go to KnowBefore</TextLink>
        </Stack>
      )}
      {step.status === "mfa" && (
        <Stack gap="6" align="center" py={{ base: "2", md: "6" }}>
          <StepHeading icon={LuShieldCheck} title="Two-step verification">
            You accepted the invitation. Your account uses two-factor authentication: one more step to sign in
            as <SignInAddress email={step.invitation.email} />.
          </StepHeading>
          <Stack w="full" maxW="sm">
            <MfaCodeForm
              pending={step.pending}
              error={step.error}
              onSubmit={link.verifyCode}
              onCancel={() => window.location.assign("/")}
              cancelLabel="Sign in later"
            />
          </Stack>
        </Stack>
      )}
      {(step.status === "ready" || step.status === "answering") && (
        <Invitation
          invitation={step.invitation}
          error={step.error}
          answering={step.status === "answering"}
          onAccept={link.accept}
          onDecline={link.decline}
          onSignOut={link.signOutAndRetry}
          onSignIn={link.signInToAccept}
          signingOut={link.signingOut}
        />
      )}
    </AuthLayout>
  );
}

function Problem({ title, children }: { title: string; children: string }) {
  return (
    <Stack gap="6" align="center" textAlign="center" py={{ base: "2", md: "6" }}>
      <StepHeading icon={LuCircleX} title={title}>
        {children}
      </StepHeading>
      <TextLink to="/">Go to KnowBefore</TextLink>
    </Stack>
  );
}

function Invitation({
  invitation,
  error,
  answering,
  onAccept,
  onDecline,
  onSignOut,
  onSignIn,
  signingOut,
}: {
  invitation: InvitationDescription;
  error: string | null;
  answering: boolean;
  onAccept: (name?: string) => void;
  onDecline: () => void;
  onSignOut: () => void;
  onSignIn: () => void;
  signingOut: boolean;
}) {
  // The name whoever invited them typed, to keep or correct: a salesperson profile needs one.
  const [name, setName] = useState(invitation.name ?? "");
  const nameRequired = invitation.needsName && invitation.role === "salesperson";
  const wrongAccount = invitation.signedInAs !== null;
  const { dealership, group } = invitation;
  const what = invitationWhat(invitation);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAccept(invitation.needsName && name.trim() !== "" ? name.trim() : undefined);
  };
  return (
    <Stack as="form" onSubmit={submit} gap="6" py={{ base: "2", md: "6" }} minW="0" aria-label="Invitation">
      <Stack align="center" textAlign="center" gap="4">
        <StepHeading icon={LuUserCheck} title={what.title}>
          {invitation.invitedBy ?? "KnowBefore"} invited <SignInAddress email={invitation.email} /> to{" "}
          {what.to}.
        </StepHeading>
      </Stack>
      <SimpleGrid
        as="dl"
        columns={2}
        gap="4"
        borderWidth="1px"
        borderColor="border.muted"
        borderRadius="lg"
        p="4"
      >
        {dealership ? (
          <Fact term label="Dealership">
            {dealership.name}, {dealership.city}, {dealership.state}
          </Fact>
        ) : (
          <Fact term label="Dealer group">
            {group?.name}
          </Fact>
        )}
        <Fact term label="Role">
          {roleText(invitation)}
        </Fact>
        <Fact term label="Invited by">
          {invitation.invitedBy ?? "An administrator"}
        </Fact>
        <Fact term label="Open until">
          {mediumDate.format(new Date(invitation.expiresAt))}
        </Fact>
      </SimpleGrid>
      {invitation.role === "manager" && (
        <Text fontSize="sm" color="fg.muted">
          {acceptingSays(invitation)}
        </Text>
      )}
      {wrongAccount ? (
        <Alert.Root status="warning" borderRadius="lg">
          <Alert.Indicator />
          <Stack gap="3" minW="0">
            <Alert.Description overflowWrap="anywhere">
              This invitation was sent to {invitation.email}, but you are signed in as {invitation.signedInAs}
              . Sign out and open it again.
            </Alert.Description>
            <Button size="sm" alignSelf="flex-start" loading={signingOut} onClick={onSignOut}>
              Sign out
            </Button>
          </Stack>
        </Alert.Root>
      ) : invitation.signInRequired ? (
        <Stack gap="4">
          <Alert.Root status="info" borderRadius="lg">
            <Alert.Indicator />
            <Stack gap="3" minW="0">
              <Alert.Description overflowWrap="anywhere">
                Sign in as {invitation.email} to accept this invitation.
              </Alert.Description>
              <Text fontSize="sm" color="fg.muted">
                This address already has a KnowBefore account, so accepting needs its usual sign-in (with its
                two-step verification, if it has one). You come back to this invitation afterwards.
              </Text>
              <Button size="sm" colorPalette="blue" alignSelf="flex-start" onClick={onSignIn}>
                Sign in to accept
              </Button>
            </Stack>
          </Alert.Root>
          {error && (
            <Alert.Root status="error" borderRadius="lg">
              <Alert.Indicator />
              <Alert.Description>{error}</Alert.Description>
            </Alert.Root>
          )}
          <Button
            variant="plain"
            size="sm"
            color="red.700"
            alignSelf="center"
            disabled={answering}
            onClick={onDecline}
          >
            Decline
          </Button>
        </Stack>
      ) : (
        <>
          {invitation.needsName && (
            <InputField
              label="Your name"
              required={nameRequired}
              autoComplete="name"
              hint={`${
                invitation.role === "salesperson"
                  ? "Shown on your salesperson profile; you fill in the rest after accepting."
                  : "Shown on your account and on the invitations you send."
              }${typedBy(invitation)}`}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
          {error && (
            <Alert.Root status="error" borderRadius="lg">
              <Alert.Indicator />
              <Alert.Description>{error}</Alert.Description>
            </Alert.Root>
          )}
          <Stack gap="3" align="center">
            <Button
              type="submit"
              colorPalette="blue"
              size="lg"
              w="full"
              maxW="sm"
              loading={answering}
              loadingText="Accepting…"
              disabled={nameRequired && name.trim() === ""}
            >
              Accept invitation <LuArrowRight />
            </Button>
            <Text fontSize="sm" color="fg.muted" textAlign="center" textWrap="balance">
              {invitation.hasAccount
                ? `Accepting adds the role to your account, ${invitation.email}.`
                : "Accepting creates your KnowBefore account and signs you in."}
            </Text>
            <Button variant="plain" size="sm" color="red.700" disabled={answering} onClick={onDecline}>
              Decline
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}
