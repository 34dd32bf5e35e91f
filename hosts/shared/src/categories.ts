// The six feeds of spec §2/§9, each with its label, emoji and nav icon.
// Icons come one file each (lucide-react/icons/<name>): importing the package barrel makes every
// build load all ~2,000 icon modules, which quadruples build time.

import type { CategorySlug } from "@unbiased/worker-shared/contracts/articles";
import type { LucideIcon } from "lucide-react";
import Briefcase from "lucide-react/icons/briefcase";
import Cpu from "lucide-react/icons/cpu";
import FlaskConical from "lucide-react/icons/flask-conical";
import Globe from "lucide-react/icons/globe";
import Landmark from "lucide-react/icons/landmark";
import Newspaper from "lucide-react/icons/newspaper";

export interface Category {
  slug: CategorySlug;
  label: string;
  emoji: string;
  icon: LucideIcon;
}

export const CATEGORIES: readonly Category[] = [
  { slug: "latest", label: "Latest", emoji: "📰", icon: Newspaper },
  { slug: "tech", label: "Tech", emoji: "💻", icon: Cpu },
  { slug: "politics", label: "Politics", emoji: "🏛️", icon: Landmark },
  { slug: "world", label: "World", emoji: "🌍", icon: Globe },
  { slug: "business", label: "Business", emoji: "💼", icon: Briefcase },
  { slug: "science", label: "Science", emoji: "🔬", icon: FlaskConical },
];

export function findCategory(slug: string | undefined): Category | undefined {
  return CATEGORIES.find((category) => category.slug === slug);
}

/** The feed a category lives at; "latest" is the home feed. */
export function categoryPath(slug: CategorySlug): string {
  return slug === "latest" ? "/" : `/category/${slug}`;
}
