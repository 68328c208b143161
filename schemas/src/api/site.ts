import { z } from 'zod';

export const siteSchema = z.object({
  siteName: z.string(),
  siteUrl: z.string().describe("The site's public address (PUBLIC_URL, else where it listens), as permanent links are shown and cited"),
  poemTitle: z.string(),
  poemAuthor: z.string(),
  poemIntroduction: z.string().nullable().describe("The poem's short introduction from its file (plain paragraphs separated by blank lines), or null"),
  artistName: z.string(),
  labels: z.object({
    motherNote: z.string(),
    aurobindoNote: z.string().describe("Label of the author's note"),
    worksOn: z.string().describe('The commentary dropdown\'s label: "Works on {poem}"'),
  }),
  poemTextSince: z.iso
    .date()
    .nullable()
    .describe('The day (UTC) from which the poem has text: reading as of an earlier day finds none; null before any import'),
});
export type Site = z.infer<typeof siteSchema>;
