import { useEffect, useState } from 'react';

/** The otpauth URI as a QR code (an SVG image, dark on white so any phone reads it). */
export function AuthenticatorQr({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    // The QR library loads only for a set-up (most sign-ins never need it).
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(uri, {
          type: 'svg',
          errorCorrectionLevel: 'M',
          margin: 2,
          color: { dark: '#0e1621ff', light: '#ffffffff' },
        }),
      )
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [uri]);
  if (failed) {
    return <p className="field__error">The QR code could not be drawn: type the key instead.</p>;
  }
  return (
    <div className="qr">
      {src ? (
        <img
          src={src}
          width={192}
          height={192}
          alt="QR code that adds your Kasa back office account to an authenticator app"
        />
      ) : (
        <span className="qr__placeholder" aria-hidden="true" />
      )}
    </div>
  );
}
