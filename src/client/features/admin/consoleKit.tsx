// Pieces every console list shares: the search box and page controls, a moderation queue's heading, the
// deletion dialog that asks for a reason, and the photo or logo upload through the shared image upload.
import {
  Badge,
  Box,
  Button,
  Flex,
  HStack,
  Image,
  Input,
  InputGroup,
  Progress,
  Stack,
  Text,
} from "@chakra-ui/react";
import { progressSlotRecipe } from "@chakra-ui/react/theme";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { LuSearch, LuTrash2, LuUpload } from "react-icons/lu";
import { adminAuthHeaders } from "../../adminSession";
import { apiErrorMessage } from "../../trpc";
import { type DialogControl, DialogForm, DialogFrame, DialogHeading } from "../../ui/dialog";
import { TextareaField } from "../../ui/form";
import { countOf } from "../../ui/format";
import { ImageUploadError, imageFileProblem, uploadImageFile } from "../../ui/imageUpload";
import { PanelHeader } from "../../ui/PanelHeader";
import { showToast } from "../../ui/toaster";
import { useDialogText } from "../../ui/useDialogText";

export { useDebouncedSearch } from "../../ui/filters";
export { ListPager } from "../../ui/Pager";

export function ListToolbar({
  label,
  placeholder,
  value,
  onChange,
  total,
  noun,
  children,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  total: number | undefined;
  noun: string;
  children?: ReactNode;
}) {
  return (
    <Flex gap="3" direction={{ base: "column", md: "row" }} align={{ base: "stretch", md: "center" }}>
      <InputGroup startElement={<LuSearch aria-hidden />} flex="1" maxW={{ md: "md" }}>
        <Input
          type="search"
          aria-label={label}
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          bg="white"
        />
      </InputGroup>
      {children}
      <Text fontSize="sm" color="fg.muted" ms={{ md: "auto" }} aria-live="polite">
        {total === undefined ? "" : countOf(total, noun)}
      </Text>
    </Flex>
  );
}

/**
 * A moderation queue's heading, with how many of its items are still open beside it: orange while there are
 * some, green when none.
 */
export function QueueHeader({
  title,
  description,
  open,
}: {
  title: string;
  description: string;
  open: number | undefined;
}) {
  return (
    <PanelHeader title={title} description={description}>
      {open === undefined ? null : (
        <Badge colorPalette={open > 0 ? "orange" : "green"} variant="subtle" borderRadius="full">
          {open} open
        </Badge>
      )}
    </PanelHeader>
  );
}

export const DELETION_FAILED = "Deletion Failed";
export const REASSIGN_HINT = "Please reassign or remove salespeople first.";

/** docs/product/admin.md#deletion: 'Deletion Failed' with the server's message, plus the hint about salespeople. */
export function deletionFailure(error: unknown): { title: string; description: string } {
  const message = apiErrorMessage(error, "Failed to delete. Please try again.");
  return {
    title: DELETION_FAILED,
    description: /active salespeople/i.test(message) ? `${message}. ${REASSIGN_HINT}` : message,
  };
}

/** Asks why before deleting; the reason is required and goes into the audit trail. */
export function DeleteWithReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  onDelete,
}: DialogControl & {
  title: string;
  description: ReactNode;
  /** Deletes; resolves with the success toast, or throws the server's error. */
  onDelete: (reason: string) => Promise<{ title: string; description: string }>;
}) {
  const { text: reason, setText: setReason, missing, setMissing } = useDialogText(open);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setPending(true);
    try {
      const toast = await onDelete(reason.trim());
      showToast({ ...toast, variant: "success" });
      onOpenChange(false);
    } catch (error) {
      showToast({ ...deletionFailure(error), variant: "destructive" });
    } finally {
      setPending(false);
    }
  };

  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} layout="card" size="md" alert busy={pending}>
      <DialogHeading title={title} subtitle={description} />
      <DialogForm
        label={title}
        onSubmit={(e) => void submit(e)}
        onCancel={() => onOpenChange(false)}
        plain
        submit={{
          confirmLabel: "Delete",
          confirmIcon: <LuTrash2 />,
          pendingLabel: "Deleting...",
          pending,
          palette: "red",
        }}
      >
        <TextareaField
          label="Reason for deletion"
          required
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={missing ? "Please provide a reason for deletion" : undefined}
          hint="Kept in the audit trail with your name."
          maxLength={1000}
        />
      </DialogForm>
    </DialogFrame>
  );
}

export const IMAGE_TOO_LARGE = "Image must be smaller than 5MB";
export const IMAGE_INVALID = "Please select a valid image file";

/**
 * Uploads a photo or logo to an admin path (multipart, with the console's bearer token) through the same
 * server pipeline as a salesperson's own photo.
 */
export function ImageUploadDialog({
  open,
  onOpenChange,
  title,
  subtitle,
  current,
  uploadUrl,
  onUploaded,
}: DialogControl & {
  title: string;
  subtitle: string;
  current: string | null;
  uploadUrl: string;
  onUploaded: () => Promise<unknown>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  useEffect(() => {
    if (!open) {
      setFile(null);
      setProblem(null);
      setProgress(null);
    }
  }, [open]);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const issue = imageFileProblem(chosen);
    if (issue) {
      setFile(null);
      setProblem(issue === "size" ? IMAGE_TOO_LARGE : IMAGE_INVALID);
      return;
    }
    setProblem(null);
    setFile(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblem(IMAGE_INVALID);
      return;
    }
    setProgress(0);
    try {
      await uploadImageFile(file, { url: uploadUrl, headers: adminAuthHeaders() }, setProgress);
      showToast({ title: "Upload Complete", description: `${title} saved.`, variant: "success" });
      onOpenChange(false);
      await onUploaded();
    } catch (error) {
      const status = error instanceof ImageUploadError ? error.status : 0;
      showToast({
        title: "Upload Failed",
        description:
          status === 413 ? IMAGE_TOO_LARGE : status === 415 ? IMAGE_INVALID : "Failed to upload image",
        variant: "destructive",
      });
    } finally {
      setProgress(null);
    }
  };

  const pending = progress !== null;
  const shown = preview ?? current;
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} layout="card" size="sm" busy={pending}>
      <DialogHeading title={title} subtitle={subtitle} />
      <DialogForm
        label={title}
        onSubmit={(e) => void submit(e)}
        onCancel={() => onOpenChange(false)}
        plain
        submit={{
          confirmLabel: "Upload",
          confirmIcon: <LuUpload />,
          pendingLabel: "Uploading...",
          pending,
          disabled: !file,
        }}
      >
        <Stack gap="4" align="center">
          <Box
            boxSize="32"
            borderRadius="xl"
            borderWidth="1px"
            borderColor="border.muted"
            bg="gray.50"
            overflow="hidden"
          >
            {shown ? <Image src={shown} alt="Preview" boxSize="full" objectFit="cover" /> : null}
          </Box>
          <HStack>
            <Button asChild variant="outline" size="sm">
              <label>
                Choose image
                <input
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  hidden
                  onChange={(e) => choose(e.target.files?.[0])}
                />
              </label>
            </Button>
            {file ? (
              <Text fontSize="sm" color="fg.muted" truncate maxW="48">
                {file.name}
              </Text>
            ) : null}
          </HStack>
          {problem ? (
            <Text role="alert" color="fg.error" fontSize="sm">
              {problem}
            </Text>
          ) : (
            <Text fontSize="xs" color="fg.muted">
              JPG, PNG or WebP, up to 5MB.
            </Text>
          )}
          {pending ? (
            <Progress.Root
              recipe={progressSlotRecipe}
              value={Math.round((progress ?? 0) * 100)}
              w="full"
              size="sm"
              colorPalette="blue"
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          ) : null}
        </Stack>
      </DialogForm>
    </DialogFrame>
  );
}
