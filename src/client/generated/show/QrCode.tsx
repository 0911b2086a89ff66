import Box from '@mui/material/Box';
import { create as createQr } from 'qrcode';
import { useMemo } from 'react';

/**
 * A code as a QR code, drawn as an SVG of its dark modules: dark on white whatever the theme, with the quiet zone
 * a scanner needs, at a fixed size so nothing moves when it comes.
 */
export function QrCode({
  value,
  size = 192,
  label = value,
  testId = 'record-qr',
}: {
  value: string;
  size?: number;
  /** What a screen reader says of it: the code itself for a ticket, a sentence for a payment's long payload. */
  label?: string;
  testId?: string;
}) {
  const path = useMemo(() => {
    // One mask named, not the best of eight: scoring them all held a phone's main thread for ~130 ms (4× slowed)
    // as the page starts, and any mask reads (the e2e decodes it).
    const { modules } = createQr(value, { errorCorrectionLevel: 'M', maskPattern: 0 });
    const cells: string[] = [];
    for (let y = 0; y < modules.size; y++)
      for (let x = 0; x < modules.size; x++) if (modules.get(x, y)) cells.push(`M${x + 4} ${y + 4}h1v1h-1z`);
    return { d: cells.join(''), size: modules.size + 8 };
  }, [value]);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      data-testid={testId}
      viewBox={`0 0 ${path.size} ${path.size}`}
      shapeRendering="crispEdges"
      sx={{ width: size, height: size, display: 'block', bgcolor: '#fff', borderRadius: 1, flexShrink: 0 }}
    >
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </Box>
  );
}

export default QrCode;
