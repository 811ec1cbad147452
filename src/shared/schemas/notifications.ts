// Inputs of the notifications domain: the bell's list and marking items read.
import { z } from "zod";
import { idSchema } from "./common";

export const notificationsListInput = z
  .strictObject({ limit: z.coerce.number().int().min(1).max(100).default(30) })
  .optional();

export const markNotificationsReadInput = z.strictObject({ ids: z.array(idSchema).min(1).max(100) });
