/** The books' messages: the spec's own words where it has them (section 5), shown by the apps as the server sends them. */
export const bookMessages = {
  chooseAuthor: 'Either Select Author or Add new Author',
  notBoth: 'Either New Author Should be Blank or Select Author.',
  blankBook: "Book title and Content can't be blank",
  blankAuthor: "AuthorName: the new author's name can't be blank",
  authorSaved: 'New Author Saved Successfully',
  bookSaved: 'Book Saved Successfully',
  bookUpdated: 'Book Updated Successfully',
  deleted: 'Deleted Successfully',
  restored: 'Updated Successfully',
  notFound: 'No book found',
  noAuthor: 'No author found',
  authorHasBooks: 'This author still has books: remove or move them first.',
  stale: 'Someone else changed this book since you opened it. Reload it and try again.',
  noRevision: (n: number) => `revision: the book has no revision ${n}`,
} as const;
