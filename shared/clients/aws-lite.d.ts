// @aws-lite/dynamodb ships no typings: the client takes it as a plugin object.
declare module '@aws-lite/dynamodb' {
  const plugin: { readonly name: string; readonly service: string; readonly methods: object };
  export default plugin;
}
