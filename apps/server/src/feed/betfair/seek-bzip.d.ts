/** seek-bzip ships no types: the one call the recording reader makes. */
declare module 'seek-bzip' {
  const Bunzip: { decode(input: Buffer): Buffer };
  export default Bunzip;
}
