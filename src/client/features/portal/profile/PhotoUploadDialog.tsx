import { chakra, Dialog, Flex, Icon, Progress, Stack, Text } from "@chakra-ui/react";
import { progressSlotRecipe } from "@chakra-ui/react/theme";
import { type DragEvent, useEffect, useId, useState } from "react";
import { LuImageUp, LuShieldCheck } from "react-icons/lu";
import { trpc } from "../../../trpc";
import { ConfirmActions, type DialogControl, DialogFrame, DialogHeading } from "../../../ui/dialog";
import { ProfilePhoto } from "../../../ui/ProfilePhoto";
import { showToast } from "../../../ui/toaster";
import { useDashboardRefresh } from "../useDashboardRefresh";
import {
  ACCEPTED_PHOTO_TYPES,
  checkPhotoFile,
  formatFileSize,
  type PhotoProblem,
  PhotoUploadError,
  UPLOAD_FAILED,
  uploadProfilePhoto,
} from "./photoUpload";

function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function PhotoForm({
  name,
  currentUrl,
  onClose,
}: {
  name: string;
  currentUrl: string | null;
  onClose: () => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<PhotoProblem | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const preview = usePreviewUrl(file);
  const utils = trpc.useUtils();
  const refresh = useDashboardRefresh();
  const uploading = progress !== null;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const issue = checkPhotoFile(chosen);
    setProblem(issue);
    if (issue) {
      setFile(null);
      showToast({ ...issue, variant: "destructive" });
      return;
    }
    setFile(chosen);
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) choose(event.dataTransfer.files[0]);
  };

  const upload = async () => {
    if (!file) return;
    setProgress(0);
    try {
      const uploaded = await uploadProfilePhoto(file, setProgress);
      utils.portal.me.setData(undefined, (old) =>
        old ? { ...old, profileImageUrl: uploaded.profileImageUrl } : old,
      );
      showToast({
        title: "Photo Updated",
        description: "Your new photo is on your public profile.",
        variant: "success",
      });
      onClose();
      void refresh.afterProfileChange();
    } catch (error) {
      const issue = error instanceof PhotoUploadError ? error.problem : UPLOAD_FAILED;
      setProblem(issue);
      setProgress(null);
      showToast({ ...issue, variant: "destructive" });
    }
  };

  return (
    <>
      <DialogHeading
        title="Update profile photo"
        subtitle="A clear, friendly headshot helps buyers recognise you at the dealership."
      />
      <Dialog.Body>
        <Stack gap="4">
          <Flex gap="4" align="center" direction={{ base: "column", sm: "row" }}>
            <ProfilePhoto
              framed="3px"
              src={preview ?? currentUrl}
              name={name}
              boxSize="28"
              borderRadius="full"
              borderColor={preview ? "blue.200" : "white"}
            />
            <chakra.label
              htmlFor={inputId}
              flex="1"
              w="full"
              borderWidth="2px"
              borderStyle="dashed"
              borderColor={dragging ? "blue.400" : problem ? "red.300" : "border.emphasized"}
              bg={dragging ? "blue.50" : "gray.50"}
              borderRadius="xl"
              px="4"
              py="5"
              textAlign="center"
              cursor={uploading ? "not-allowed" : "pointer"}
              transition="background 0.15s, border-color 0.15s"
              _hover={uploading ? undefined : { borderColor: "blue.300", bg: "blue.50" }}
              onDragOver={(event: DragEvent<HTMLLabelElement>) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
            >
              <Stack gap="1" align="center">
                <Icon boxSize="6" color="blue.600" aria-hidden>
                  <LuImageUp />
                </Icon>
                <Text fontWeight="semibold" color="ink" fontSize="sm">
                  {file ? "Choose a different photo" : "Choose a photo"}
                </Text>
                <Text fontSize="xs" color="fg.muted" id={hintId}>
                  or drop it here · JPG, PNG or WebP, up to 5MB
                </Text>
              </Stack>
            </chakra.label>
            <input
              id={inputId}
              type="file"
              accept={ACCEPTED_PHOTO_TYPES.join(",")}
              aria-label="Choose a photo"
              aria-describedby={hintId}
              hidden
              disabled={uploading}
              onChange={(e) => {
                choose(e.currentTarget.files?.[0]);
                e.currentTarget.value = "";
              }}
            />
          </Flex>
          {file ? (
            <Text fontSize="sm" color="fg.muted" truncate>
              Selected:{" "}
              <Text as="span" color="fg" fontWeight="medium">
                {file.name}
              </Text>{" "}
              ({formatFileSize(file.size)})
            </Text>
          ) : null}
          {problem ? (
            <Text role="alert" fontSize="sm" color="red.600">
              {problem.description}
            </Text>
          ) : null}
          {uploading ? (
            <Progress.Root
              recipe={progressSlotRecipe}
              value={Math.round((progress ?? 0) * 100)}
              size="sm"
              colorPalette="blue"
              striped
              animated
            >
              <Flex justify="space-between" mb="1.5">
                <Progress.Label fontSize="sm">
                  {(progress ?? 0) < 1 ? "Uploading…" : "Processing…"}
                </Progress.Label>
                <Progress.ValueText fontSize="sm" />
              </Flex>
              <Progress.Track borderRadius="full">
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          ) : null}
          <Flex gap="2" fontSize="xs" color="fg.muted" align="flex-start">
            <Icon boxSize="3.5" mt="0.5" color="green.600" aria-hidden>
              <LuShieldCheck />
            </Icon>
            <Text>We resize your photo and strip hidden data such as location before it is stored.</Text>
          </Flex>
        </Stack>
      </Dialog.Body>
      <ConfirmActions
        plain
        onCancel={onClose}
        confirmLabel="Upload photo"
        pendingLabel="Uploading..."
        pending={uploading}
        onConfirm={() => void upload()}
        disabled={!file}
      />
    </>
  );
}

/** The photo upload dialog (docs/product/salespeople.md#profile-photo): preview, the spec's checks and texts, and real upload progress. */
export function PhotoUploadDialog({
  open,
  onOpenChange,
  name,
  currentUrl,
}: DialogControl & {
  name: string;
  currentUrl: string | null;
}) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} layout="card">
      <PhotoForm name={name} currentUrl={currentUrl} onClose={() => onOpenChange(false)} />
    </DialogFrame>
  );
}
