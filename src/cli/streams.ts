// The three standard streams a command runs on: the process's own (amp-url.ts), or a test's.
export interface Streams {
  /** Read in chunks as they come (a file given as stdin is read without a stream: amp-url.ts). */
  stdin: StdinChunks;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** Chunks of stdin: a stream's, or a file's read synchronously. */
export type StdinChunks = AsyncIterable<Buffer | string> | Iterable<Buffer>;
