import QRCode from 'qrcode';

/** A link as a QR code in SVG, with the quiet zone a phone's camera needs. */
export const qrSvg = (text: string) => QRCode.toString(text, { type: 'svg', margin: 2, width: 256 });

/** The same as a data: address, for an answer the web shows in an <img> (the CSP admits data: images). */
export const qrDataUrl = async (text: string) =>
  `data:image/svg+xml;base64,${Buffer.from(await qrSvg(text)).toString('base64')}`;
