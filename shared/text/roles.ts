// Words for a person by the part they play ("the treasurer will send the accounts", "our
// accountant needs to file by friday"): such a subject owns the task, though a noun phrase.
// Things and places ("the contract will …", "the hall needs to …") own none.

const ROLES = new Set(
  (
    'treasurer secretary chair chairman chairwoman chairperson president vice-president captain coach manager director ' +
    'accountant bookkeeper auditor lawyer solicitor barrister notary architect surveyor builder plumber electrician ' +
    'carpenter decorator gardener cleaner caretaker janitor landlord landlady tenant agent broker caterer chef cook ' +
    'locksmith roofer glazier plasterer tiler handyman painter mechanic installer fitter joiner bricklayer scaffolder inspector ' +
    'valuer assessor removers postman postwoman midwife dentist optician hairdresser babysitter nanny childminder tradesman ' +
    'florist photographer videographer planner organiser organizer coordinator officer administrator admin receptionist ' +
    'assistant intern apprentice trainee volunteer volunteers steward stewards marshal marshals teacher teachers tutor ' +
    'head headteacher principal nurse doctor gp vet pharmacist therapist consultant contractor supplier vendor client customer ' +
    'driver courier technician engineer developer designer editor producer writer reviewer tester ' +
    'guy man woman lady bloke fella rep representative ' +
    'council committee board team department finance legal hr support'
  ).split(/\s+/),
);
/** People named by who they are to someone: "my mum", "our neighbour". */
const KIN = new Set(
  'mum mom dad mother father parents sister brother aunt uncle grandma grandad granddad grandpa granny gran nan nana grandmother grandfather son daughter wife husband partner friend friends neighbour neighbor cousin boss colleague in-laws'.split(' '),
);

/** Whether a word names someone by their part ("plumber", "treasurer"). */
export const isRole = (word: string): boolean => ROLES.has(word.toLowerCase());
/** Whether a word names someone by who they are to someone ("brother", "neighbour"). */
export const isKin = (word: string): boolean => KIN.has(word.toLowerCase());

/** A determiner, then up to two words that say which one: "the new treasurer", "our head chef", "the release notes editor". */
const BEFORE_ROLE = /(?:^|\s)(?:the|our|your|their|my|his|her)\s+((?:(?!(?:the|our|your|their|my|his|her|a|an)\s)[\p{L}-]+\s+){0,2})$/iu;

/**
 * The owner `subject`, said after `before`, names by their part ("the treasurer" → "Treasurer",
 * "our new intern" → "New intern", "the hiring manager" → "Hiring manager"), or undefined when
 * it names no one's part.
 */
export function roleOwner(subject: string, before: string): string | undefined {
  if (!ROLES.has(subject.toLowerCase())) return undefined;
  const which = BEFORE_ROLE.exec(before);
  if (!which) return undefined;
  const phrase = `${which[1]}${subject}`.toLowerCase();
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}
