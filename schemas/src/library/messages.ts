/** The spec's toasts for library pages (section 8): plain values (no zod), so the apps may import them. */
export const libraryMessages = {
  created: 'Page Created Successfully',
  updated: 'Updated Successfully',
  deleted: 'Deleted Successfully',
  permalinkGenerated: 'Permanent Url Generated',
  notFound: 'Not Found',
} as const;
