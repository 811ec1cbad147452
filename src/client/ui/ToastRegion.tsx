// The on-screen toast stack (loaded with the first toast; see toaster.tsx).
import { Toaster as ChakraToaster, Portal, Stack, Toast } from "@chakra-ui/react";
import { toastSlotRecipe } from "@chakra-ui/react/theme";
import { toaster } from "./toastStore";

export default function ToastRegion() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root
            recipe={toastSlotRecipe}
            width="full"
            maxWidth={{ md: "420px" }}
            minWidth={{ md: "sm" }}
          >
            {toast.type === "info" ? null : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            {toast.closable ? <Toast.CloseTrigger aria-label="Close notification" /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
