// Input of the favorites domain: a buyer saving a salesperson.
import { z } from "zod";
import { idSchema } from "./common";

export const favoriteInput = z.strictObject({ salespersonId: idSchema, saved: z.boolean() });
