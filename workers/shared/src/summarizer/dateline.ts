// A wire story's dateline ("LONDON (Reuters) -", "Hong Kong (CNN) --", "(AP) —") names where it was
// filed and who filed it, not the news: left at the head of the text it would open the TL;DR and
// the summaries and crowd real words out of their length budget.

/** News agencies and outlets whose credit heads their stories in parentheses. */
const AGENCIES = String.raw`CNN|AP|AFP|Reuters|Bloomberg|UPI|dpa|DPA|Xinhua|PA|EFE|ANSA|Kyodo|Yonhap|PTI|ANI|IANS|TASS|Interfax|CNN Money|CNN Business|The Hollywood Reporter|Mashable|EW\.com`;

/**
 * An optional place of up to six words ("Baghdad, Iraq", "WASHINGTON", "LONDON, Nov 3"), then the
 * credit in parentheses, then an optional dash. Any credit ending in a dash counts; without a dash
 * only a known agency does, so "Tesla (TSLA) Chief Executive Elon Musk said" keeps its opening.
 */
const DATELINE = new RegExp(
  String.raw`^(?:\p{Lu}[\p{L}.'’-]*(?:,?\s+[\p{Lu}\p{N}][\p{L}\p{N}.'’-]*){0,5}\s*)?` +
    String.raw`(?:\((?:${AGENCIES})\)\s*(?:[-—–]{1,2}\s*)?|\([\p{Lu}][\p{L}.&'’ ]{0,30}\)\s*[-—–]{1,2}\s*)` +
    String.raw`(?=["“‘]?[\p{Lu}\p{N}])`,
  "u",
);

/** The text without its opening dateline; unchanged when it has none. */
export const withoutDateline = (text: string): string => text.replace(DATELINE, "");
