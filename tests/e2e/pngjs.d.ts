// pngjs comes with qrcode (no types of its own): the one call the QR test makes of it.
declare module 'pngjs' {
  export const PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
}
