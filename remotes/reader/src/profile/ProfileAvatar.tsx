import type { SignedInUser } from "@unbiased/worker-shared/contracts/auth";

/** "Ada Lovelace" → "AL"; a one-word name gives one letter. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.filter((_, index) => index === 0 || index === words.length - 1);
  return letters.map((word) => word.charAt(0).toUpperCase()).join("") || "?";
}

/** The account's picture, or its initials when it has none. Decorative: the name is shown beside it. */
export function ProfileAvatar({ user }: { user: Pick<SignedInUser, "name" | "picture"> }) {
  if (user.picture) {
    return (
      <img className="profile-avatar" src={user.picture} alt="" width={96} height={96} referrerPolicy="no-referrer" />
    );
  }
  return (
    <span className="profile-avatar profile-avatar--initials" aria-hidden="true">
      {initials(user.name)}
    </span>
  );
}
