// The form a salesperson (or their dealership's manager) answers a review with, once and in public. The
// profile page and the feedback feed both show it; each says what to refresh once a reply is posted.
import { Button, chakra, HStack } from "@chakra-ui/react";
import { useState } from "react";
import { trpc } from "../../trpc";
import { showFailure } from "../../ui/failureToast";
import { TextareaField } from "../../ui/form";
import { showToast } from "../../ui/toaster";

export function PublicReplyForm({
  ratingId,
  label,
  placeholder,
  postedDescription,
  refresh,
  onDone,
}: {
  ratingId: number;
  label: string;
  placeholder: string;
  postedDescription: string;
  /** Reloads what shows the review; called after a reply and after a refusal (someone may have replied first). */
  refresh: () => Promise<unknown>;
  onDone: () => void;
}) {
  const [body, setBody] = useState("");
  // Once an empty reply was refused, the message stays until there is something to post.
  const [tried, setTried] = useState(false);
  const error = tried && !body.trim() ? "Write a reply first" : null;
  const reply = trpc.reviews.reply.useMutation({
    onSuccess: async () => {
      showToast({ title: "Reply posted", description: postedDescription, variant: "success" });
      await refresh();
      onDone();
    },
    onError: (e) => {
      showFailure("Reply not posted", e, "Please try again later.");
      void refresh();
    },
  });
  return (
    <chakra.form
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        if (!body.trim()) {
          setTried(true);
          return;
        }
        reply.mutate({ ratingId, body: body.trim() });
      }}
      noValidate
      p="3"
      borderWidth="1px"
      borderColor="blue.200"
      borderRadius="lg"
      bg="blue.50/50"
    >
      <TextareaField
        label={label}
        labelSize="sm"
        error={error}
        rows={3}
        maxLength={2000}
        bg="bg.panel"
        placeholder={placeholder}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
      />
      <HStack justify="flex-end" mt="3" gap="2">
        <Button size="sm" variant="ghost" onClick={onDone} disabled={reply.isPending}>
          Cancel
        </Button>
        <Button
          size="sm"
          type="submit"
          colorPalette="blue"
          loading={reply.isPending}
          loadingText="Posting..."
        >
          Post reply
        </Button>
      </HStack>
    </chakra.form>
  );
}
