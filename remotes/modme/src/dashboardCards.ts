import type { LucideIcon } from "lucide-react";
import Activity from "lucide-react/icons/activity";
import Ban from "lucide-react/icons/ban";
import Flag from "lucide-react/icons/flag";
import MessageSquare from "lucide-react/icons/message-square";
import Star from "lucide-react/icons/star";
import Users from "lucide-react/icons/users";

export interface DashboardCard {
  title: string;
  description: string;
  /** Relative to /modme. */
  to: string;
  icon: LucideIcon;
}

/** The six areas of the moderation dashboard (spec §2 Staff routes). */
export const DASHBOARD_CARDS: readonly DashboardCard[] = [
  {
    title: "Comment Moderation",
    description: "Approve, reject or deactivate comments.",
    to: "comments",
    icon: MessageSquare,
  },
  { title: "User Bans", description: "See active bans and lift them.", to: "bans", icon: Ban },
  { title: "Comment Reports", description: "Review comments readers have reported.", to: "reports", icon: Flag },
  { title: "User Reputation", description: "Look up and adjust reputation scores.", to: "reputation", icon: Star },
  { title: "Queue Status", description: "Watch the voting and comment queues.", to: "queues", icon: Activity },
  { title: "User Management", description: "Browse users and their comments.", to: "users", icon: Users },
];
