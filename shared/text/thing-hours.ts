// The part of the day a thing is held in, which an hour said for it without am or pm is read
// in: a thing of the evening ("the wrap party is on friday from seven") or of the morning ("the
// sponsors' breakfast … at half seven").
/**
 * What happens in the evening: an hour of EVENING_HOURS said for it is the evening's ("the wrap
 * party is on friday from seven", "quiz night", "the live show … doors at seven"; not the night of a day, "by tuesday night").
 */
export const EVENING_THING = /\b(?<!\b(?:after|before|since)\s+(?:the\s+|our\s+)?(?:[a-z-]+\s+){0,2})(?:(?<!\bworking\s+)part(?:y|ies)|dinner|drinks|supper|gig|concert|quiz|disco|ball|karaoke|barbecue|bbq|film|movie|cinema|screening|theatre|opera|ballet|panto|pantomime|musical|premi[eè]re|curtain|gala|recital|comedy|live\s+show|doors|(?<!\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|that|this|last|next|every|each|one|same)\s+)night)\b/;
const EVENING_HOUR = 18;
const MORNING_HOUR = 9;

/** Hours said without am/pm that a meeting held after noon may mean in the evening ("at seven"; "at eleven" is still the morning). */
export const EVENING_HOURS = { from: 7, to: 9 };

/** What happens in the morning: an hour of MORNING_HOURS said for it is the morning's ("the breakfast meeting is at half seven"). */
const MORNING_THING = /\b(?:breakfast|brunch|sunrise|dawn|coffee\s+morning)\b/i;
const MORNING_HOURS = { from: 5, to: 11 };

/** The hour of the part of the day the sentence's thing is held in (18 or 9), when `hour` (as said, 1–12) may be in it. */
export function partOfThing(hour: number, sentence: string): number | undefined {
  if (hour >= EVENING_HOURS.from && hour <= EVENING_HOURS.to && EVENING_THING.test(sentence)) return EVENING_HOUR;
  return hour >= MORNING_HOURS.from && hour <= MORNING_HOURS.to && MORNING_THING.test(sentence) ? MORNING_HOUR : undefined;
}
