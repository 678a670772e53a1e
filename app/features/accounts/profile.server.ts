/** The customer's profile: name, phone and a default delivery address and state that checkout starts with. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "~/lib/app-error";
import type { PublicUser } from "~/lib/user";
import { profileSchema } from "~/lib/validation";
import { getProfile, updateProfile, type Profile, type UserRef } from "~/models/user.server";
import { parseOrThrow } from "~/services/http.server";

export async function readProfile(context: AppLoadContext, userId: UserRef): Promise<Profile> {
  const profile = await getProfile(context.db, userId);
  if (!profile) throw new AppError(404, "This account no longer exists.");
  return profile;
}

export async function saveProfile(
  context: AppLoadContext,
  user: PublicUser,
  input: unknown,
): Promise<Profile> {
  const profile = parseOrThrow(profileSchema, input);
  await updateProfile(context.db, user.id, profile);
  return profile;
}
