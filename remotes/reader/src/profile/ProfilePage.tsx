// /profile (spec §2 Profile page): who is signed in, since when, and the display timezone; the reader's
// votes and reports; their data (download it, delete the account).

import {
  Navigate,
  readTimezone,
  Spinner,
  storeTimezone,
  type Timezone,
  toast,
  useAuth,
  useDocumentTitle,
} from "@unbiased/web-shared";
import { useState } from "react";
import { dateTimeFormat } from "../time/formatters.ts";
import { DigestChoice } from "./DigestChoice.tsx";
import { MyReports } from "./MyReports.tsx";
import { ProfileAvatar } from "./ProfileAvatar.tsx";
import { TimezoneSelect } from "./TimezoneSelect.tsx";
import { VotingHistory } from "./VotingHistory.tsx";
import { YourData } from "./YourData.tsx";

/** The sign-up date as a calendar date in the chosen timezone (it can be a day apart from UTC's). */
export function memberSince(createdAt: string, timeZone: string): string {
  return dateTimeFormat("en-US", { dateStyle: "long", timeZone }).format(new Date(createdAt));
}

export function ProfilePage() {
  useDocumentTitle("Profile");
  const { user, loading } = useAuth();
  const [timezone, setTimezone] = useState(readTimezone);

  if (loading) return <Spinner label="Loading your profile…" />;
  if (!user) return <Navigate to="/login" replace />;

  // Saved in this browser only, with no call (spec §7 "Local only").
  const changeTimezone = (next: Timezone) => {
    try {
      storeTimezone(next);
    } catch {
      toast.error("Failed to update timezone");
      return;
    }
    setTimezone(next);
    toast.success("Timezone updated successfully");
  };

  return (
    <section className="profile-page" aria-labelledby="profile-name">
      <header className="profile-page__header">
        <ProfileAvatar user={user} />
        <div>
          <h1 id="profile-name">{user.name}</h1>
          <p className="profile-page__email">{user.email}</p>
          <p className="ui-page__note">
            Member since <time dateTime={user.createdAt}>{memberSince(user.createdAt, timezone)}</time>
          </p>
        </div>
      </header>

      <section className="profile-page__settings" aria-labelledby="profile-settings">
        <h2 id="profile-settings">Settings</h2>
        <TimezoneSelect value={timezone} onChange={changeTimezone} />
        <DigestChoice userId={user.id} />
      </section>

      <VotingHistory />
      <MyReports userId={user.id} />
      <YourData />
    </section>
  );
}
