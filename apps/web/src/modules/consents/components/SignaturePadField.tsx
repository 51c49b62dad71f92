import { ClearOutlined } from '@ant-design/icons';
import { SIGNATURE_CANVAS } from '@crm/shared';
import { Button } from 'antd';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';

/** What the form asks of the pad. */
export type SignaturePadHandle = {
  isEmpty: () => boolean;
  /** The drawing as a PNG data URL. */
  toDataURL: () => string;
  clear: () => void;
};

export type SignaturePadFieldProps = {
  ref?: Ref<SignaturePadHandle>;
  /** Called after each stroke and after clearing: whether something is drawn. */
  onChange: (hasDrawing: boolean) => void;
  disabled?: boolean;
};

/**
 * The drawing pad (spec 000 §9: 300 × 150 CSS pixels). Pointer events take a finger, a stylus or a mouse;
 * the canvas holds devicePixelRatio pixels per CSS pixel so strokes stay sharp on dense screens. Giving a
 * canvas a new size wipes it: when the window resizes or the phone rotates (the ratio may change with the
 * screen), the strokes are kept as points and drawn again at the new size.
 */
export function SignaturePadField({ ref, onChange, disabled = false }: SignaturePadFieldProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useImperativeHandle(
    ref,
    () => ({
      isEmpty: () => padRef.current?.isEmpty() ?? true,
      toDataURL: () => padRef.current?.toDataURL('image/png') ?? '',
      clear: () => padRef.current?.clear(),
    }),
    [],
  );

  useEffect(function createPad() {
    const canvas = canvasRef.current;
    if (canvas === null) return undefined;
    const pad = new SignaturePad(canvas, { penColor: '#1d2b4f', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    // Only when the pixel size really changes: resizing a canvas wipes it, and the strokes are drawn again.
    const fitToScreen = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = Math.round(SIGNATURE_CANVAS.width * ratio);
      const height = Math.round(SIGNATURE_CANVAS.height * ratio);
      if (canvas.width === width && canvas.height === height) return;
      const strokes = pad.toData();
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(strokes);
    };
    const strokeEnded = () => onChangeRef.current(!pad.isEmpty());
    fitToScreen();
    pad.addEventListener('endStroke', strokeEnded);
    window.addEventListener('resize', fitToScreen);
    window.addEventListener('orientationchange', fitToScreen);
    return () => {
      pad.removeEventListener('endStroke', strokeEnded);
      window.removeEventListener('resize', fitToScreen);
      window.removeEventListener('orientationchange', fitToScreen);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(
    function lockWhileSaving() {
      const pad = padRef.current;
      if (pad === null) return;
      if (disabled) pad.off();
      else pad.on();
    },
    [disabled],
  );

  const clear = () => {
    padRef.current?.clear();
    onChangeRef.current(false);
  };

  return (
    <div className="signature-pad">
      <canvas
        ref={canvasRef}
        className="signature-pad-canvas"
        style={{ width: SIGNATURE_CANVAS.width, height: SIGNATURE_CANVAS.height }}
        role="img"
        aria-label={t('consents.padLabel')}
        data-testid="signature-canvas"
      />
      <Button icon={<ClearOutlined />} onClick={clear} disabled={disabled} data-testid="signature-clear">
        {t('consents.clear')}
      </Button>
    </div>
  );
}
