import "server-only";
import QRCode from "qrcode";

/** The QR code an authenticator app scans to add the account (an otpauth:// URI), as an image data URL. */
export const otpauthQrCode = (otpauthUri: string): Promise<string> =>
  QRCode.toDataURL(otpauthUri, { margin: 1, width: 200 });
