// The API's types are generated into shared/http/api-schema.d.ts (npm run generate:client),
// where the command-line tool reads them too; the web app's modules import them from here.
export type * from '../../../shared/http/api-schema';
