// How long a recording's text fields may be: the same for the JSON routes and the upload form.
export const TITLE_MAX = 500;
export const NOTES_MAX = 60_000;
