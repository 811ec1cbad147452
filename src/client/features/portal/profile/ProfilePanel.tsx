import {
  Box,
  Button,
  Field,
  Flex,
  Grid,
  HStack,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { type FormEvent, useId, useState } from "react";
import { LuCamera, LuExternalLink } from "react-icons/lu";
import {
  type SalespersonStatus,
  SELF_EDIT_SPECIALTIES,
  SELF_SERVICE_STATUSES,
  YEARS_OF_EXPERIENCE,
} from "../../../../shared/constants";
import { ErrorKind } from "../../../../shared/errorCodes";
import type { SalespersonDetail } from "../../../../shared/schemas/salespeople";
import { apiErrorCode, trpc } from "../../../trpc";
import { CheckboxGrid, CheckboxGroupField, InputField, SwitchField, TextareaField } from "../../../ui/form";
import { TextLink } from "../../../ui/links";
import { PanelHeader } from "../../../ui/PanelHeader";
import { ProfilePhoto } from "../../../ui/ProfilePhoto";
import { SectionCard } from "../../../ui/SectionCard";
import { capitalise, StatusBadge } from "../../../ui/StatusBadge";
import { showToast } from "../../../ui/toaster";
import { useFormDraft } from "../../../ui/useFormDraft";
import { YourDataCard } from "../../compliance";
import { ShareCard, WebsiteBadgeCard } from "../../sharing";
import { SalespersonTransferCard } from "../../transfers";
import { CertificationsCard } from "./CertificationsCard";
import { PhotoUploadDialog } from "./PhotoUploadDialog";

const BIO_MAX = 2000;

function PhotoCard({ salesperson }: { salesperson: SalespersonDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <SectionCard title="Profile photo">
      <Flex gap="4" align="center" direction={{ base: "row", lg: "column" }}>
        <ProfilePhoto
          framed="3px"
          src={salesperson.profileImageUrl}
          name={salesperson.name}
          boxSize={{ base: "20", lg: "36" }}
          borderRadius="full"
        />
        <Stack
          gap="2"
          align={{ base: "flex-start", lg: "center" }}
          textAlign={{ base: "start", lg: "center" }}
        >
          <Text fontSize="sm" color="fg.muted">
            JPG, PNG or WebP, up to 5MB.
          </Text>
          <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
            <LuCamera /> {salesperson.profileImageUrl ? "Change photo" : "Upload photo"}
          </Button>
        </Stack>
      </Flex>
      <PhotoUploadDialog
        open={open}
        onOpenChange={setOpen}
        name={salesperson.name}
        currentUrl={salesperson.profileImageUrl}
      />
    </SectionCard>
  );
}

const STATUS_HELP: Record<(typeof SELF_SERVICE_STATUSES)[number], string> = {
  available: "Buyers see you're ready to help and can book you.",
  busy: "Buyers can still book, but know you may reply later.",
  unavailable: "Shown as away; buyers are encouraged to book another time.",
};

function StatusCard({ salesperson }: { salesperson: SalespersonDetail }) {
  const selectId = useId();
  const utils = trpc.useUtils();
  const updateStatus = trpc.portal.updateStatus.useMutation({
    onSuccess: (updated) => {
      utils.portal.me.setData(undefined, (old) =>
        old ? { ...old, status: updated.status as SalespersonStatus } : old,
      );
      showToast({
        title: "Status Updated",
        description: `Buyers now see you as ${capitalise(updated.status)}.`,
        variant: "success",
      });
    },
    onError: () =>
      showToast({ title: "Update Failed", description: "Failed to update status", variant: "destructive" }),
  });
  const status = updateStatus.isPending
    ? (updateStatus.variables?.status ?? salesperson.status)
    : salesperson.status;
  const selfService = (SELF_SERVICE_STATUSES as readonly string[]).includes(status);
  return (
    <SectionCard title="Status" description="Shown on your card and profile.">
      <HStack justify="space-between" gap="3">
        <Text fontSize="sm" color="fg.muted">
          Buyers see
        </Text>
        <StatusBadge status={status} size="lg" />
      </HStack>
      <Field.Root disabled={updateStatus.isPending}>
        <Field.Label htmlFor={selectId}>Set your status</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            id={selectId}
            value={status}
            onChange={(e) =>
              updateStatus.mutate({
                id: salesperson.id,
                status: e.currentTarget.value as (typeof SELF_SERVICE_STATUSES)[number],
              })
            }
          >
            {selfService ? null : (
              <option value={status} disabled>
                {capitalise(status)} (set by an administrator)
              </option>
            )}
            {SELF_SERVICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {capitalise(s)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>
          {selfService
            ? STATUS_HELP[status as keyof typeof STATUS_HELP]
            : "Choose a status to go live again."}
        </Field.HelperText>
      </Field.Root>
    </SectionCard>
  );
}

/** Whether buyers see the work e-mail on the public profile: off unless the salesperson turns it on. */
function EmailVisibilityCard({ salesperson }: { salesperson: SalespersonDetail }) {
  const utils = trpc.useUtils();
  const update = trpc.portal.update.useMutation({
    onSuccess: (updated) => {
      utils.portal.me.setData(undefined, updated);
      showToast({
        title: "Profile Updated",
        description: updated.showEmail
          ? "Your work e-mail is now shown on your public profile."
          : "Your work e-mail is no longer shown on your public profile.",
        variant: "success",
      });
    },
    onError: () =>
      showToast({ title: "Update Failed", description: "Failed to update profile", variant: "destructive" }),
  });
  const shown = update.isPending
    ? (update.variables?.showEmail ?? salesperson.showEmail)
    : salesperson.showEmail;
  return (
    <SectionCard title="Work e-mail" description={salesperson.email ?? undefined}>
      <Stack gap="2">
        <SwitchField
          label="Show my work e-mail on my profile"
          checked={shown}
          onChange={(checked) => update.mutate({ id: salesperson.id, showEmail: checked })}
        />
        <Text fontSize="sm" color="fg.muted">
          {shown
            ? "Buyers see this address on your profile page. Browse results never show it."
            : "Hidden: buyers reach you through messages. Your manager and administrators still see it."}
        </Text>
      </Stack>
    </SectionCard>
  );
}

type ProfileDraft = { phone: string; years: string; bio: string; specialties: string[] };

function draftOf(s: SalespersonDetail): ProfileDraft {
  return {
    phone: s.phoneNumber ?? "",
    years: String(s.yearsOfExperience),
    bio: s.bio ?? "",
    specialties: [...s.specialties],
  };
}

function sameDraft(a: ProfileDraft, b: ProfileDraft): boolean {
  return (
    a.phone.trim() === b.phone.trim() &&
    a.years.trim() === b.years.trim() &&
    a.bio.trim() === b.bio.trim() &&
    a.specialties.length === b.specialties.length &&
    a.specialties.every((s) => b.specialties.includes(s))
  );
}

function ProfileDetailsForm({ salesperson }: { salesperson: SalespersonDetail }) {
  const [saved, setSaved] = useState<ProfileDraft>(() => draftOf(salesperson));
  const form = useFormDraft(saved);
  const { draft, bind } = form;
  const utils = trpc.useUtils();

  // Specialties outside the self-edit list (given at registration or by an administrator) stay visible so
  // they can be kept or removed; the server refuses unknown names.
  const otherSpecialties = [...new Set([...saved.specialties, ...salesperson.specialties])].filter(
    (s) => !(SELF_EDIT_SPECIALTIES as readonly string[]).includes(s),
  );

  const update = trpc.portal.update.useMutation({
    onSuccess: (updated) => {
      utils.portal.me.setData(undefined, updated);
      const next = draftOf(updated);
      setSaved(next);
      form.reset(next);
      showToast({
        title: "Profile Updated",
        description: "Your changes are live on your public profile.",
        variant: "success",
      });
    },
    onError: (error) => {
      // Validation answers (a bad number, an over-long bio) explain themselves; anything else gets the spec's text.
      const explained = apiErrorCode(error) === ErrorKind.BAD_REQUEST;
      showToast({
        title: "Update Failed",
        description: explained ? error.message : "Failed to update profile",
        variant: "destructive",
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const years = draft.years.trim() === "" ? Number.NaN : Number(draft.years);
    if (!Number.isInteger(years) || years < YEARS_OF_EXPERIENCE.min || years > YEARS_OF_EXPERIENCE.max) {
      form.show({ years: "Years of experience must be between 0 and 50" });
      return;
    }
    form.show({});
    update.mutate({
      id: salesperson.id,
      phoneNumber: draft.phone.trim() || null,
      bio: draft.bio.trim() || null,
      yearsOfExperience: years,
      specialties: draft.specialties,
    });
  };

  const dirty = !sameDraft(draft, saved);

  return (
    <SectionCard title="About you" description="What buyers read before they book.">
      <form onSubmit={submit} noValidate aria-label="Profile details">
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
            <InputField
              label="Phone"
              hint="Buyers tap Contact to call you."
              type="tel"
              autoComplete="tel"
              maxLength={40}
              placeholder="(555) 123-4567"
              {...bind("phone")}
            />
            <InputField
              label="Years of experience"
              hint="From 0 to 50."
              type="number"
              inputMode="numeric"
              min={YEARS_OF_EXPERIENCE.min}
              max={YEARS_OF_EXPERIENCE.max}
              {...bind("years")}
            />
          </SimpleGrid>
          <TextareaField
            label="Bio"
            hint={`${draft.bio.length} / ${BIO_MAX}`}
            hintAtEnd
            rows={5}
            maxLength={BIO_MAX}
            placeholder="How you like to work with buyers, the cars you know best, what customers can expect."
            {...bind("bio")}
          />
          <CheckboxGroupField
            legend="Specialties"
            choices={SELF_EDIT_SPECIALTIES}
            value={draft.specialties}
            onChange={(value) => form.set("specialties", value)}
          >
            {otherSpecialties.length > 0 ? (
              <Box pt="3">
                <Text fontSize="xs" color="fg.muted" mb="2">
                  Also on your profile
                </Text>
                <CheckboxGrid choices={otherSpecialties} />
              </Box>
            ) : null}
          </CheckboxGroupField>
          <Flex gap="3" justify="flex-end" pt="4" borderTopWidth="1px" borderColor="border.muted">
            <Button variant="ghost" onClick={() => form.reset(saved)} disabled={!dirty || update.isPending}>
              Discard changes
            </Button>
            <Button
              type="submit"
              colorPalette="blue"
              loading={update.isPending}
              loadingText="Saving..."
              disabled={!dirty}
            >
              Save changes
            </Button>
          </Flex>
        </Stack>
      </form>
    </SectionCard>
  );
}

/**
 * The share link, QR code and website badge of the public profile; a profile the public cannot see yet (its
 * dealership's manager has not confirmed it) has none to share.
 */
function SharingCards({ salesperson }: { salesperson: SalespersonDetail }) {
  const listed = salesperson.dealershipSlug === null || salesperson.verifiedAt !== null;
  if (!listed)
    return (
      <SectionCard title="Share link and website badge">
        <Text fontSize="sm" color="fg.muted">
          Your profile is not public yet. Once your dealership's manager confirms you, your share link, QR
          code and website badge appear here.
        </Text>
      </SectionCard>
    );
  return (
    <>
      <ShareCard target={{ salesperson: salesperson.id }} name={salesperson.name} />
      <WebsiteBadgeCard target={{ salesperson: salesperson.id }} />
    </>
  );
}

/**
 * Profile tab (and /salesperson/profile): photo, status, the details buyers read, dealership transfers, and the
 * profile's share link and website badge.
 */
export function ProfilePanel({ salesperson }: { salesperson: SalespersonDetail }) {
  return (
    <Stack gap="5">
      <PanelHeader
        title="Your professional profile"
        description="What buyers see on your card and profile page."
      >
        <TextLink
          to="/salesperson/$id"
          params={{ id: String(salesperson.id) }}
          color="blue.700"
          fontWeight="semibold"
          fontSize="sm"
        >
          View public profile <LuExternalLink aria-hidden />
        </TextLink>
      </PanelHeader>
      <Grid templateColumns={{ base: "1fr", lg: "300px 1fr" }} gap="5" alignItems="start">
        <Stack gap="5">
          <PhotoCard salesperson={salesperson} />
          <StatusCard salesperson={salesperson} />
          <EmailVisibilityCard salesperson={salesperson} />
        </Stack>
        <Stack gap="5">
          <ProfileDetailsForm salesperson={salesperson} />
          <CertificationsCard />
          <SalespersonTransferCard salesperson={salesperson} />
          <SharingCards salesperson={salesperson} />
          <YourDataCard />
        </Stack>
      </Grid>
    </Stack>
  );
}
