import { Badge, Button, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { LuPencil, LuPlus, LuTrash2 } from "react-icons/lu";
import {
  CERTIFICATION_FIRST_YEAR,
  CERTIFICATIONS_PER_PROFILE,
  type Certification,
  latestCertificationYear,
} from "../../../../shared/schemas/certifications";
import { trpc } from "../../../trpc";
import { ActionRow, RowAnswers } from "../../../ui/ActionRow";
import { showFailure } from "../../../ui/failureToast";
import { InputField } from "../../../ui/form";
import { SectionCard } from "../../../ui/SectionCard";
import { showToast } from "../../../ui/toaster";
import { useDraft } from "../../../ui/useFormDraft";
import { CertificationLines } from "../../salespeople";

type Draft = { name: string; issuer: string; year: string; credentialId: string; credentialUrl: string };
const EMPTY: Draft = { name: "", issuer: "", year: "", credentialId: "", credentialUrl: "" };

function draftOf(c: Certification): Draft {
  return {
    name: c.name,
    issuer: c.issuer,
    year: String(c.year),
    credentialId: c.credentialId ?? "",
    credentialUrl: c.credentialUrl ?? "",
  };
}

function CertificationForm({
  initial,
  editing,
  onDone,
}: {
  initial: Draft;
  editing: Certification | null;
  onDone: () => void;
}) {
  const add = trpc.certifications.add.useMutation();
  const update = trpc.certifications.update.useMutation();
  const { draft, field } = useDraft(initial);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { ...draft, year: Number(draft.year) };
    try {
      if (editing) await update.mutateAsync({ id: editing.id, ...body });
      else await add.mutateAsync(body);
      showToast({
        title: editing ? "Certification updated" : "Certification added",
        description: "Your manager verifies it before it shows on your profile.",
        variant: "success",
      });
      onDone();
    } catch (error) {
      showFailure("Not saved", error);
    }
  };
  return (
    <Stack
      as="form"
      onSubmit={submit}
      gap="3"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="lg"
      p="4"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <InputField label="Certification" required {...field("name")} maxLength={120} />
        <InputField label="Issuer" required {...field("issuer")} maxLength={120} />
        <InputField
          label="Year"
          required
          inputMode="numeric"
          {...field("year")}
          placeholder={String(new Date().getFullYear())}
          hint={`${CERTIFICATION_FIRST_YEAR} to ${latestCertificationYear()}`}
        />
        <InputField label="Credential ID" note="optional" {...field("credentialId")} />
      </SimpleGrid>
      <InputField
        label="Credential link"
        note="optional"
        type="url"
        placeholder="https://"
        {...field("credentialUrl")}
      />
      {editing?.verifiedAt ? (
        <Text fontSize="sm" color="orange.fg">
          Saving a change sends it back to your manager for verification.
        </Text>
      ) : null}
      <HStack justify="flex-end" gap="2">
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" colorPalette="blue" loading={add.isPending || update.isPending}>
          {editing ? "Save certification" : "Add certification"}
        </Button>
      </HStack>
    </Stack>
  );
}

/** The salesperson's certifications: add, edit, delete; verified ones show on the public profile. */
export function CertificationsCard() {
  const mine = trpc.certifications.mine.useQuery();
  const remove = trpc.certifications.remove.useMutation({
    onError: (error) => showFailure("Not deleted", error),
  });
  const [editing, setEditing] = useState<Certification | "new" | null>(null);
  const list = mine.data ?? [];
  const full = list.length >= CERTIFICATIONS_PER_PROFILE;
  return (
    <SectionCard
      title="Certifications"
      description="Your dealership's manager verifies each one; only verified certifications show on your profile."
      actions={
        editing === null ? (
          <Button size="sm" variant="outline" disabled={full} onClick={() => setEditing("new")}>
            <LuPlus /> Add certification
          </Button>
        ) : null
      }
    >
      {full ? (
        <Text fontSize="sm" color="fg.muted" data-testid="certification-limit">
          A profile holds at most {CERTIFICATIONS_PER_PROFILE} certifications. Delete one you no longer need
          to add another.
        </Text>
      ) : null}
      {editing === "new" ? (
        <CertificationForm initial={EMPTY} editing={null} onDone={() => setEditing(null)} />
      ) : null}
      {list.length === 0 && editing === null && !mine.isLoading ? (
        <Text fontSize="sm" color="fg.muted">
          No certifications yet.
        </Text>
      ) : null}
      <Stack as="ul" gap="3" listStyleType="none">
        {list.map((c) =>
          editing !== "new" && editing?.id === c.id ? (
            <li key={c.id}>
              <CertificationForm initial={draftOf(c)} editing={c} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <ActionRow
              key={c.id}
              testId="my-certification"
              actions={
                <RowAnswers
                  size="xs"
                  answers={[
                    {
                      label: "Edit",
                      icon: <LuPencil />,
                      ariaLabel: `Edit ${c.name}`,
                      onClick: () => setEditing(c),
                    },
                    {
                      label: "Delete",
                      icon: <LuTrash2 />,
                      ariaLabel: `Delete ${c.name}`,
                      palette: "red",
                      loading: remove.isPending && remove.variables?.id === c.id,
                      onClick: () => remove.mutate({ id: c.id }),
                    },
                  ]}
                />
              }
            >
              <CertificationLines certification={c} />
              <Badge alignSelf="flex-start" colorPalette={c.verifiedAt ? "green" : "orange"} variant="subtle">
                {c.verifiedAt ? "Verified" : "Waiting for verification"}
              </Badge>
            </ActionRow>
          ),
        )}
      </Stack>
    </SectionCard>
  );
}
