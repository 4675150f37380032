/** M4 downsampling: the one implementation lives in protocol/m4.ts, shared with the server's range routes. */
export { lowerBound, m4, pixelColumn, upperBound } from '../../protocol/m4';
