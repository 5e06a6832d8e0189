declare module 'microdata-node' {
  export interface MicrodataItem {
    type?: string[];
    id?: string;
    properties: Record<string, (string | MicrodataItem)[]>;
  }
  export function toJson(html: string, options?: { base?: string; strict?: boolean }): { items: MicrodataItem[] };
}
