// An event's title and main TLDR are those of its most central article: the one most similar, on
// average, to the other members (the earliest wins a tie), so the headline speaks for the whole story.
import { type ClusterDoc, cosine, tfidfVectors, vectorOf } from "./similarity.ts";

export interface EventMember extends ClusterDoc {
  title: string;
  tldr: string;
  sourcedTime: number;
}

export function describeMembers(members: readonly EventMember[]): { title: string; mainTldr: string } {
  const vectors = tfidfVectors(members);
  const centrality = (member: EventMember) =>
    members.reduce(
      (sum, other) =>
        other === member ? sum : sum + cosine(vectorOf(vectors, member.id), vectorOf(vectors, other.id)),
      0,
    );
  const [central] = [...members].sort((a, b) => centrality(b) - centrality(a) || a.sourcedTime - b.sourcedTime);
  if (!central) throw new Error("an event needs at least one member");
  return { title: central.title, mainTldr: central.tldr || central.title };
}
