// The toast store: loaded with the first toast (see toaster.tsx), with the region that draws it.
import { createToaster } from "@chakra-ui/react";

export const TOAST_DURATION_MS = 5000;

export const toaster = createToaster({
  placement: "bottom-end",
  max: 1,
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
});
