// The package ships no types. Each export is a turndown plugin: a function given the service.
declare module '@joplin/turndown-plugin-gfm' {
  type Plugin = (service: unknown) => void;
  export const gfm: Plugin;
  export const tables: Plugin;
  export const strikethrough: Plugin;
  export const taskListItems: Plugin;
  export const highlightedCodeBlock: Plugin;
}
