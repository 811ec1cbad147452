// Inputs and answers of the favorites domain: a buyer saving a salesperson.
import { z } from "zod";
import { idSchema } from "./common";

export const favoriteInput = z.strictObject({ salespersonId: idSchema, saved: z.boolean() });

export const favoriteIds = z.array(z.number().int()).describe("Ids of the salespeople the buyer saved");

export const favoriteSet = z.object({ salespersonId: z.number().int(), saved: z.boolean() });
