// Text put into a regular expression as it is written: "Dr. O'Neil (HR)" matches itself only.

/** `text` with every character a regular expression gives a meaning escaped. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
