// What the Share modal sends where (spec §2 Modals: "The text is '{product}: {title}' plus the page URL").
import { PRODUCT_NAME } from "@unbiased/web-shared";

export function shareText(title: string): string {
  return `${PRODUCT_NAME}: ${title}`;
}

export interface ShareLink {
  label: string;
  href: string;
  /** Web share pages open in a new tab; mailto: and sms: hand over to an app instead. */
  external: boolean;
}

/** E-mail, SMS, Twitter, Facebook and LinkedIn, in the spec's order. */
export function shareLinks(title: string, url: string): ShareLink[] {
  const text = shareText(title);
  const enc = encodeURIComponent;
  return [
    { label: "Email", href: `mailto:?subject=${enc(text)}&body=${enc(`${text}\n\n${url}`)}`, external: false },
    // "?&body=" is the form both iOS and Android messaging apps read.
    { label: "SMS", href: `sms:?&body=${enc(`${text} ${url}`)}`, external: false },
    { label: "Twitter", href: `https://twitter.com/intent/tweet?text=${enc(text)}&url=${enc(url)}`, external: true },
    // Facebook and LinkedIn take only the URL and read the title from the page itself.
    { label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`, external: true },
    { label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${enc(url)}`, external: true },
  ];
}
