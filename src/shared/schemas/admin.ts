import { z } from "zod";
import { emailSchema } from "./auth";

export const adminLoginInput = z.strictObject({
  email: emailSchema,
  password: z.string().min(8, "Login failed").max(256, "Login failed"),
  adminCode: z.string().min(1, "Login failed").max(128, "Login failed"),
});
export type AdminLoginInput = z.infer<typeof adminLoginInput>;
