import { z } from 'zod';
import { emailSchema, nameSchema, newPasswordSchema, timestampSchema } from './fields.js';
import { messages } from './messages.js';

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(1024),
});
export type LoginInput = z.input<typeof loginSchema>;

/** Multipart fields of POST /users/register; the optional avatar travels as the file part. */
export const registerSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterInput = z.input<typeof registerSchema>;

export const updateDetailsSchema = z.object({
  name: z.string({ error: messages.nameEmpty }).trim().min(1, messages.nameEmpty).max(60, messages.nameTooLong),
});
export type UpdateDetailsInput = z.input<typeof updateDetailsSchema>;

export const updatePasswordSchema = z.object({
  curPassword: z.string({ error: messages.requiredField }).min(1, messages.requiredField).max(1024),
  newPassword: z.string({ error: messages.requiredField }).min(1, messages.requiredField).pipe(newPasswordSchema),
});
export type UpdatePasswordInput = z.input<typeof updatePasswordSchema>;

export const avatarSchema = z.object({
  url: z.string(),
  isDefault: z.boolean(),
  variants: z.array(z.object({ width: z.number(), url: z.string() })),
});
export type Avatar = z.infer<typeof avatarSchema>;

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Present for the user themselves only. */
  email: z.string().optional(),
  avatar: avatarSchema,
  createdAt: timestampSchema,
});
export type User = z.infer<typeof userSchema>;
